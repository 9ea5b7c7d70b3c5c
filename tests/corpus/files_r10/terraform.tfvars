# Values for the staging environment
region        = "eu-west-1"
environment   = "staging"
instance_type = "t3.medium"

db_username = "tfadmin"
db_password = "Tf-Staging_DbPw!23"

cloudflare_api_token = "oRsKtp1HXnviu9PfREE9ycxleNoUQ2C3rbgcyNHh"
datadog_api_key      = "b122d4b368888e9a8a9c81f4e68e2ffb"

tags = {
  owner   = "platform"
  project = "billing"
}
