// An ESP32 campus device for Atrium: joins Wi-Fi, connects to the appliance's
// MQTT broker, publishes a reading every 5 s and prints the commands it receives.
// Libraries: WiFi (ESP32 core), PubSubClient.
#include <WiFi.h>
#include <PubSubClient.h>

const char* WIFI_SSID = "school-iot";
const char* WIFI_PASSWORD = "change-me";
const char* BROKER = "192.0.2.10";   // the Atrium appliance's address on the campus network
const int BROKER_PORT = 1883;
const char* PRODUCT_KEY = "demo";
const char* DEVICE_SN = "esp32-001";

WiFiClient net;
PubSubClient mqtt(net);
String base = String("atrium/") + PRODUCT_KEY + "/" + DEVICE_SN;

void onCommand(char* topic, byte* payload, unsigned int length) {
  Serial.print("command on ");
  Serial.print(topic);
  Serial.print(": ");
  Serial.write(payload, length);
  Serial.println();
}

void connectBroker() {
  while (!mqtt.connected()) {
    String id = String(PRODUCT_KEY) + "." + DEVICE_SN;
    if (mqtt.connect(id.c_str(), (base + "/status").c_str(), 1, true, "offline")) {
      mqtt.publish((base + "/status").c_str(), "online", true);
      mqtt.subscribe((base + "/command").c_str());
    } else {
      delay(2000);
    }
  }
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(500);
  mqtt.setServer(BROKER, BROKER_PORT);
  mqtt.setCallback(onCommand);
}

unsigned long last = 0;

void loop() {
  connectBroker();
  mqtt.loop();
  if (millis() - last > 5000) {
    last = millis();
    float temperature = temperatureRead();
    String json = String("{\"sn\":\"") + DEVICE_SN + "\",\"temperature\":" + String(temperature, 2) + "}";
    mqtt.publish((base + "/telemetry").c_str(), json.c_str());
  }
}
