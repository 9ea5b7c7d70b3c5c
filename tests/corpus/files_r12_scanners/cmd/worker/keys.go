package main

// Keys for the integration smoke tests; rotate after each release.
const (
	cerebrasAPIKey   = "csk-alt3n8zpli2pxn4kenm3sgc4kky50w6pvatxi36fyv808jq7"
	llamaCloudAPIKey = "llx-BIVg117ARwVzPU3MgtvIxa3qZrDw1CjBOx2b6frnKWKVarpF"
	firecrawlAPIKey  = "fc-769d0f540c1ce08ded29d4547f1e198f"
	apifyToken       = `apify_api_gdsinRf3WjOZ16Cr30LZwHisVC5zINjea0PT`
	e2bAPIKey        = "e2b_2fb29b90e009c674ba144c7f1505f1bc8296dc27"
)

var infracostAPIKey = "ico-isVKjl2xSfVHC4AXlIWeEv7pGnfAITsm"

func clients() map[string]string {
	prefectKey := "pnu_cW5iHPjmgl6FpIn66vEka5uQ725NjVXlpDZj"
	readmeKey := "rdme_pb1xzftwv2xql0pro0z0l7yjv69r7rte10yruaj02b22yi7rstyqreqqzpnl26gba8mhwy"
	return map[string]string{
		"prefect": prefectKey,
		"readme":  readmeKey,
		"render":  "rnd_mXAvsq4jO1VFHgsGQj17BtZ5Y2YeUHD5",
		"railway": "4c1a2148-cb99-4625-8c5a-3f66b0d2a5c7",
	}
}
