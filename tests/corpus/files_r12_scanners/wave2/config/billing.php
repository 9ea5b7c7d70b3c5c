<?php
// Billing providers: keep in sync with the admin panel.
return [
    'persona' => ['api_key' => 'persona_production_959169c6-6d80-4c2d-aa99-e7ee37e3ed52'],
    'polar' => ['access_token' => 'polar_oat_Hynd3eZN6sgRxYOx9PabJsFixvy7e6dE0cpZunW3e5K'],
    'mercury' => ['token' => "secret-token:mercury_production_wma_buOSQZ2F99TfGZsBc1ukHE1XL8rKPtkVgCZ1evvD_yrucrem"],
    'paddle' => ['api_key' => 'pdl_live_apikey_517xce13sbh8rt8mc3a6e7smqg_veTtLTPUc1XzSB4X8QEJjY_r9d'],
    'stytch' => ['secret' => 'secret-live-OZKqZelblG9Qr-LgoV02hOwKkMPMu5Zuh8VE='],
    'mollie' => ['key' => 'live_PDw03G3G9hQI22S3hKuLLjsZZN7wds'],
    'gocardless' => ['access_token' => 'live_SgnUgYbWTNN-K65UWUHp_yRShZYZJDv-l-d2doF-'],
    'currency' => 'EUR',
];
