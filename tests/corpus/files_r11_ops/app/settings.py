"""Django settings for intranet (production)."""
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = "django-insecure-8k#q2l!m9vx4kp7rw3zn6bc1hd5jf0sy8ga(qewrt)"
DEBUG = False
ALLOWED_HOSTS = ["intranet.example.net"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "intranet",
        "USER": "intranet",
        "PASSWORD": "Intra-Dj_Pg!2026",
        "HOST": "10.0.1.30",
    }
}
EMAIL_HOST_PASSWORD = 'pepernoten-in-december'
AUTH_LDAP_BIND_PASSWORD = "Ldap-Bind_Svc88"
LANGUAGE_CODE = "nl-nl"
TIME_ZONE = "Europe/Amsterdam"
