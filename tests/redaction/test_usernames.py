"""User names in the positions that announce them: redacted in both modes; code and words stay."""

from __future__ import annotations

import pytest
from redaction_helpers import make

MODES = ["strict", "balanced"]

HITS = [
    ("cd /home/aquinn/projects", "aquinn"),
    ("open /Users/avery.quinn/Desktop/notes.txt", "avery.quinn"),
    (r"C:\Users\mgarcia\Documents\report.docx", "mgarcia"),
    (r'"path": "C:\\Users\\pdubois\\AppData"', "pdubois"),
    ("cp ~jsmith/bin/tool .", "jsmith"),
    ("GITLAB_USER_LOGIN=rsharma", "rsharma"),
    ("GITHUB_ACTOR: octo-cat42", "octo-cat42"),
    ("export USER=kmeyer", "kmeyer"),
    ('GITLAB_USER_NAME="Priya Sharma"', "Sharma"),
    ("Author: jdoe <jdoe@corp.example>", "jdoe"),
    ("Jane Doe <jane@corp.example> jdoe42 <jd@old.example>\n", "jdoe42"),
    ("Signed-off-by: Lucía Montoya <l.montoya@example.es>", "Montoya"),
    ("Pipeline triggered by mgarcia on main", "mgarcia"),
    ("merged by r.sharma into main", "r.sharma"),
    ('{"id": "U024BE7LH", "name": "avery", "real_name": "Avery Quinn", "is_bot": false}', "avery"),
    ('{"profile": {"display_name": "aq"}}', '"aq"'),
    ('{"login": "octocat", "type": "User"}', "octocat"),
    ("ssh pdubois@bastion 'uptime'", "pdubois"),
    ("ssh -l kmeyer gw01", "kmeyer"),
    ("prompt:\nkmeyer@kmeyer-thinkpad:~/src$ make", "kmeyer"),
    ("[kmeyer@ip-10-0-1-7 ~]$ sudo systemctl restart nginx", "kmeyer"),
    ("Started by user dmakarova", "dmakarova"),
    ("a1b2c3d fix login (by rkapoor)", "rkapoor"),
    ("sshd[2211]: Accepted publickey for oduarte from 10.1.2.3 port 52144", "oduarte"),
    ("sshd[88]: Failed password for invalid user hvoss from 10.9.8.7", "hvoss"),
    ("sudo: rmehta : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/bin/ls", "rmehta"),
    ("pam_unix(sudo:session): session opened for user root(uid=0) by kmurphy(uid=1000)", "kmurphy"),
    ('level=info msg="login ok" user=cnguyen ip=10.0.0.9', "cnguyen"),
    ("12/03/2024, 14:22 - Kwame Asante: on my way\n12/03/2024, 14:23 - Ines Carvalho: ok", "Ines Carvalho"),
    ("[12.03.24, 09:15:02] thandeka: running late", "thandeka"),
    ("3/12/24, 2:22 PM - marco_r: done", "marco_r"),
    ("[05-Mar-24 10:01 AM] vikram_s: deploy is green\n[05-Mar-24 10:02 AM] Lena K: thanks", "vikram_s"),
    (r"c:\users\obinna\desktop\todo.txt", "obinna"),
    ("Merge pull request #88 from lhuang/fix-typo", "lhuang"),
    ("Host bastion\n  HostName 10.0.0.5\n  User tfernandes\n", "tfernandes"),
    ("all:\n  vars:\n    ansible_user: dkaur\n", "dkaur"),
    ("-rw-r--r--  1 egarcia  staff  4096 Mar  5 10:00 notes.txt", "egarcia"),
    ("//registry.npmjs.org/:username=mkovacs", "mkovacs"),
    ("  PID USER      PRI  NI\n 1234 jmwangi    20   0\n", "jmwangi"),  # top / htop
    ("USER       PID %CPU COMMAND\nroot         1  0.0 init\nakowalski 4242  1.2 python3\n", "akowalski"),
    ("UID          PID    PPID CMD\nmtanaka     9001       1 bash\n", "mtanaka"),  # ps -ef
]

NEAR_MISSES = [
    "user = current_user\nuser: str\nusername = request.args.get('u')",
    '{"name": "my-package", "version": "1.0.0", "private": true}',
    "sorted by name, done by hand, run by default, created by the script",
    "ssh -i key.pem deploy@bastion and ssh root@host",
    "see /home/user/.bashrc and /Users/Shared/tmp",
    "client.connect(host, port=5432, user=db_user)\nlogin(user=current_user)",
    "the value (by default) is 30 s; Started by user admin",
    "[2024-03-07, 09:30:01] ERROR: disk full\n2024-03-07 09:30:01 - WARNING: retry",
    "[root@db-03 data]# ls; Accepted publickey for root from ::1",
    "Host docs\nUser guide\n",
    "vault login -method=userpass username=etl",
    "drwxr-xr-x  2 root  wheel  64 Mar 5 .\n-rw-r--r-- 1 www-data www-data 10 Mar 5 x",
    "ansible_user: ubuntu\nc:\\users\\public\\x",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text,raw", HITS, ids=[str(i) for i in range(len(HITS))])
def test_user_names_in_announcing_positions_are_redacted(mode, text, raw):
    out = make(mode).redact(text).text
    assert raw not in out, out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NEAR_MISSES)
def test_code_words_and_generic_accounts_stay_readable(mode, text):
    assert make(mode).redact(text).text == text


def test_a_process_table_keeps_system_and_daemon_accounts_numeric_uids_and_the_text_after_it():
    text = ("USER       PID %CPU COMMAND\nroot         1  0.0 init\npostgres   811  0.0 postgres\n"
            "grafana   4388  2.4 grafana-server\nsystemd+   602  0.0 systemd-resolved\n"
            "1000      9002  0.0 bash\n\nthen jdoe restarted it\n")
    assert make("balanced").redact(text).text == text  # the table ends at the first line that is no row


@pytest.mark.parametrize("mode", MODES)
def test_a_mailmap_commit_name_is_redacted_but_prose_between_two_addresses_is_not(mode):
    red = make(mode)
    assert "jdoe42" not in red.redact("Jane Doe <jane@corp.example> jdoe42 <jd@old.example>\n").text
    assert " or else " in red.redact("write to <a@b.example> or else <c@d.example>").text
