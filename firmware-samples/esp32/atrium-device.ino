// An ESP32 campus device for Atrium: joins Wi-Fi, signs in to the appliance's MQTT
// broker with its product key, serial number and device secret, publishes a reading
// every 5 s, answers commands, and installs firmware upgrades (download over HTTP,
// SHA-256 check, progress reports, reboot into the new version).
// Libraries: WiFi, HTTPClient, Update (ESP32 Arduino core), PubSubClient, ArduinoJson (v7).
// The topics are described in the README ("MQTT topics").
#include <WiFi.h>
#include <HTTPClient.h>
#include <Update.h>
#include <PubSubClient.h>
#include <ArduinoJson.h>
#include <mbedtls/sha256.h>

const char* WIFI_SSID = "school-iot";
const char* WIFI_PASSWORD = "change-me";
const char* BROKER = "192.0.2.10";        // the Atrium appliance's address on the campus network
const int BROKER_PORT = 1883;
const char* PRODUCT_KEY = "pXXXXXXXXXX";  // shown on the product in the back office
const char* DEVICE_SN = "esp32-001";      // the device's sn
const char* DEVICE_SECRET = "change-me";  // the device page: "Device secret"
const char* FIRMWARE_VERSION = "1.0.0";

WiFiClient net;
PubSubClient mqtt(net);
String root = String("dev/") + PRODUCT_KEY + "/" + DEVICE_SN;

void publishJson(const String& channel, JsonDocument& doc) {
  String out;
  serializeJson(doc, out);
  mqtt.publish((root + "/" + channel).c_str(), out.c_str());
}

void report(const char* otaId, const char* state, int progress, const char* error = nullptr) {
  JsonDocument doc;
  doc["otaId"] = otaId;
  doc["state"] = state;
  doc["progress"] = progress;
  if (error) doc["error"] = error;
  publishJson("ota/progress", doc);
  mqtt.loop();
}

// Downloads, checks the SHA-256 while writing to the update partition, then reboots into it.
void upgrade(JsonDocument& job) {
  const char* otaId = job["otaId"];
  const char* url = job["url"];
  const char* expected = job["sha256"];
  report(otaId, "downloading", 0);
  HTTPClient http;
  http.begin(url);
  int code = http.GET();
  if (code != 200) { report(otaId, "failed", 0, "download failed"); http.end(); return; }
  int total = http.getSize();
  if (!Update.begin(total > 0 ? total : UPDATE_SIZE_UNKNOWN)) { report(otaId, "failed", 0, "no room for the update"); http.end(); return; }
  WiFiClient* stream = http.getStreamPtr();
  mbedtls_sha256_context sha;
  mbedtls_sha256_init(&sha);
  mbedtls_sha256_starts(&sha, 0);
  uint8_t buf[1024];
  int got = 0, shown = 0;
  while (http.connected() && (total < 0 || got < total)) {
    size_t n = stream->available();
    if (!n) { delay(1); continue; }
    n = stream->readBytes(buf, n > sizeof(buf) ? sizeof(buf) : n);
    mbedtls_sha256_update(&sha, buf, n);
    Update.write(buf, n);
    got += n;
    int pct = total > 0 ? (got * 100L) / total : 50;
    if (pct - shown >= 25) { shown = pct; report(otaId, "downloading", pct); }
  }
  http.end();
  report(otaId, "verifying", 100);
  uint8_t digest[32];
  mbedtls_sha256_finish(&sha, digest);
  char hex[65];
  for (int i = 0; i < 32; i++) sprintf(hex + i * 2, "%02x", digest[i]);
  if (expected && strcmp(hex, expected) != 0) { Update.abort(); report(otaId, "failed", 0, "checksum mismatch"); return; }
  if (!Update.end(true)) { report(otaId, "failed", 0, "flash write failed"); return; }
  JsonDocument doc;
  doc["otaId"] = otaId;
  doc["state"] = "success";
  doc["progress"] = 100;
  doc["version"] = job["version"];
  publishJson("ota/progress", doc);
  mqtt.loop();
  delay(500);
  ESP.restart();
}

// A command: acknowledge at once, then answer with what was done.
void answer(JsonDocument& cmd) {
  JsonDocument ack;
  ack["id"] = cmd["id"];
  ack["ack"] = true;
  publishJson("command/reply", ack);
  JsonDocument reply;
  reply["id"] = cmd["id"];
  reply["code"] = 0;
  reply["data"]["method"] = cmd["method"];
  reply["data"]["version"] = FIRMWARE_VERSION;
  publishJson("command/reply", reply);
}

void onMessage(char* topic, byte* payload, unsigned int length) {
  JsonDocument doc;
  if (deserializeJson(doc, payload, length)) return;
  String t(topic);
  if (t == root + "/command") answer(doc);
  else if (t == root + "/ota" && !doc["cancel"].is<bool>()) upgrade(doc);
}

void connectBroker() {
  while (!mqtt.connected()) {
    String user = String(PRODUCT_KEY) + "/" + DEVICE_SN;
    String will = "{\"event\":\"lost\"}";
    if (mqtt.connect(DEVICE_SN, user.c_str(), DEVICE_SECRET, (root + "/event").c_str(), 1, false, will.c_str(), false)) {
      mqtt.subscribe((root + "/command").c_str(), 1);
      mqtt.subscribe((root + "/ota").c_str(), 1);
      String boot = String("{\"event\":\"boot\",\"version\":\"") + FIRMWARE_VERSION + "\"}";
      mqtt.publish((root + "/event").c_str(), boot.c_str());
    } else {
      delay(5000);  // refused (wrong secret: rc 5) or unreachable
    }
  }
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(500);
  mqtt.setServer(BROKER, BROKER_PORT);
  mqtt.setBufferSize(2048);
  mqtt.setKeepAlive(30);
  mqtt.setCallback(onMessage);
}

unsigned long last = 0;

void loop() {
  connectBroker();
  mqtt.loop();
  if (millis() - last > 5000) {
    last = millis();
    JsonDocument doc;
    doc["temperature"] = temperatureRead();
    doc["rssi"] = WiFi.RSSI();
    doc["version"] = FIRMWARE_VERSION;
    publishJson("telemetry", doc);
  }
}
