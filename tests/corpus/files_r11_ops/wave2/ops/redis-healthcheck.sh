#!/bin/sh
# used by the docker healthcheck
resp=$(printf "AUTH Hc-Redis_Kq7mZ\r\nPING\r\n" | nc -w 2 127.0.0.1 6379)
echo "$resp" | grep -q PONG || exit 1
