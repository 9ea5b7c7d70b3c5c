package com.quillfeather.integrations;

/** Wiring for third-party integrations (staging). */
public final class Integrations {
    static final String definedNetworkingKey = "dnkey-S6AZBF3K42R48ZDEFH3N1R0XQE-5TW6GDNJ9SXUGYMF30RTX99AYN249PXKP7QJQ904DK8MHAUTYZ9N";
    static final String lichessToken = "lip_O1CilYF5a17MKqX3uCt1";
    private static final String ROOTLY = "rootly_be12848a662e7e28b0f6cf461605dd8b5470d98527a49db6b1f35fa61cf62983";
    private static final String samsaraApiToken = "samsara_api_evO31Ee8cWO174FFjMopyk2JUCoK0a";
    String midtransServerKey = "Mid-server-jdYmUswBkSIjUHr7BUaCXewj";
    String devcycleServerSdkKey = "dvc_server_9aea8c84-c9cd-4569-b19c-1e3d211412a1_68689af";
    static final int TIMEOUT_MS = 15_000;
}
