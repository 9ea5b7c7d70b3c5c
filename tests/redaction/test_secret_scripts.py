"""Secrets typed into programs (expect answers, ftp here-documents) and printed by database shells."""

from __future__ import annotations

import pytest

from redacted_context_mcp.redaction.secret_stdin import find_expect, find_ftp_heredocs, find_sink_heredocs
from redacted_context_mcp.redaction.secret_tables import find_result_tables

V = "Sc1ptValue9x"


def _found(finder, text: str) -> list[str]:
    out: list = []
    finder(text, text.lower(), out)
    return [text[h.start:h.end] for h in out]


@pytest.mark.parametrize("text", [
    f'expect "assword:"\nsend "{V}\\r"\n',
    f"expect -c 'spawn ssh h; expect password: ; send \"{V}\\r\"'\n",
    f'expect -re "(P|p)assword:"\nsend -- "{V}\\r"\n',
    f'expect "Enter passphrase"\nsend {{{V}\\r}}\n',
    f"child.expect('Password:')\nchild.sendline('{V}')\n",
    f'expect {{\n  "yes/no" {{ send "yes\\r"; exp_continue }}\n  "password:" {{ send "{V}\\r" }}\n}}\n',
    f'expect "Retype new"\nsend "{V}\\r"\n',
])
def test_an_answer_to_a_password_prompt_is_a_secret(text):
    assert _found(find_expect, text) == [V]


@pytest.mark.parametrize("text", [
    'expect "(yes/no)?"\nsend "yes\\r"\n',
    'expect "login:"\nsend "root\\r"\n',
    'expect "password:"\nsend "$env(PW)\\r"\n',
    'expect "password:"\nsend "[lindex $argv 0]\\r"\n',
    'expect {\n  "yes/no" { send "yes\\r"; exp_continue }\n}\n',
    "We expect the team to send the report on Friday.\n",
])
def test_answers_to_other_prompts_and_references_stay(text):
    assert _found(find_expect, text) == []


@pytest.mark.parametrize("text", [
    f"ftp -n <<EOF\nopen ftp.example.com\nuser deploy {V}\nput a.zip\nEOF\n",
    f"ftp -inv h <<END\nquote USER deploy\nquote PASS {V}\nbye\nEND\n",
    f"lftp <<'EOF'\nopen -u deploy,{V} ftp.example.com\nEOF\n",
    f"sftp h <<-EOF\n\tpass {V}\n\tEOF\n",
])
def test_the_login_lines_of_an_ftp_here_document_give_up_their_password(text):
    assert _found(find_ftp_heredocs, text) == [V]


@pytest.mark.parametrize("text", [
    "ftp -n <<EOF\nopen h\nuser anonymous\nput a.zip\nEOF\n",
    "ftp -n <<EOF\nuser deploy $FTP_PASS\nEOF\n",
    "ftp -n <<EOF\nbye\nEOF\nuser deploy NotInTheDoc9\n",
    "cat <<EOF\nuser deploy Cat1sNotFtp9\nEOF\n",
])
def test_ftp_here_documents_without_a_literal_password_give_nothing(text):
    assert _found(find_ftp_heredocs, text) == []


@pytest.mark.parametrize("text", [
    f"password\n--------\n{V}\n(1 row)\n",
    f" id | username |   password\n----+----------+---------------\n  1 | alice    | {V}\n(1 row)\n",
    f"+----+--------------+\n| id | api_key      |\n+----+--------------+\n|  1 | {V} |\n+----+--------------+\n",
    f"name        token\n----------  ----------------\nalice       {V}\n",
    f"-[ RECORD 1 ]--+------\nid             | 7\npassword_hash  | {V}\n",
    f"┌──────┬───────────────┐\n│ user │   password    │\n├──────┼───────────────┤\n│ bob  │ {V}  │\n"
    "└──────┴───────────────┘\n",
    f'1) "name"\n2) "alice"\n3) "password"\n4) "{V}"\n',
])
def test_a_secret_column_of_a_query_result_gives_up_its_values(text):
    assert _found(find_result_tables, text) == [V]


@pytest.mark.parametrize("text", [
    " id | name  | count\n----+-------+-------\n  1 | token | 12\n(1 row)\n",
    "+----+----------+\n| id | password |\n+----+----------+\n|  1 | NULL     |\n+----+----------+\n",
    "Password\n--------\n\nUse the password from the vault.\n",
    "key: value\n---\nname: build\n",
    "mysql> SELECT password FROM users;\n+------+\n| x    |\n+------+\n",
    '1) "maxmemory"\n2) "1073741824"\n',
])
def test_query_results_without_a_secret_column_give_nothing(text):
    assert _found(find_result_tables, text) == []


@pytest.mark.parametrize(("text", "n"), [
    (f"passwd deploy <<EOF\n{V}\n{V}\nEOF\n", 2),
    (f"sudo -S bash <<'EOF'\n{V}\napt-get update\nEOF\n", 1),
    (f"chpasswd <<EOF\nalice:{V}\nbob:{V}\nEOF\n", 2),
    (f"kinit jdoe@CORP <<END\n{V}\nEND\n", 1),
])
def test_a_here_document_fed_to_a_password_prompt_gives_up_its_password_lines(text, n):
    out: list = []
    find_sink_heredocs(text, out)
    assert [text[h.start:h.end] for h in out] == [V] * n


@pytest.mark.parametrize("text", [
    "sudo -s <<EOF\napt-get update\nEOF\n",
    "cat >> /etc/passwd <<EOF\nsvc:x:1001:1001::/home/svc:/bin/sh\nEOF\n",
    "docker login -u ci --password-stdin ghcr.io <<EOF\n$TOKEN\nEOF\n",
    "cat <<EOF\nNotASecret2024\nEOF\n",
])
def test_other_here_documents_and_references_give_nothing(text):
    out: list = []
    find_sink_heredocs(text, out)
    assert out == []
