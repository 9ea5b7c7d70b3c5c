# nov/20/2026 09:14:02 by RouterOS 7.16.1
# model = RB5009UG+S+
/interface wireless security-profiles
set [ find default=yes ] supplicant-identity=MikroTik
add authentication-types=wpa2-psk mode=dynamic-keys name=office wpa2-pre-shared-key=Kantoor-Wifi!2026
/ip ipsec identity
add peer=dc secret=Mt-Ipsec_Dc_Kq7
/user
add group=full name=backup password=Bkp-Mtik_Rw44
/ppp secret
add name=remote-jan password=janjansen123 profile=vpn service=l2tp
/ip firewall filter
add action=drop chain=input in-interface=ether1
