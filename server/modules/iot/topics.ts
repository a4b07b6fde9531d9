/*
 * The broker's topic layout (README "MQTT topics"). Every topic a client may
 * touch starts with a root that names its owner, so an ACL is a prefix check
 * and no wildcard can reach past the owner's root.
 *
 *   dev/<productKey>/<sn>/telemetry       device → platform, JSON readings
 *   dev/<productKey>/<sn>/event           device → platform (also its last will)
 *   dev/<productKey>/<sn>/command         platform → device  {id, method, params}
 *   dev/<productKey>/<sn>/command/reply   device → platform  {id, ack?, code?, data?}
 *   dev/<productKey>/<sn>/ota             platform → device  {otaId, version, url, sha256, size}
 *   dev/<productKey>/<sn>/ota/progress    device → platform  {otaId, state, progress, error?, version?}
 *   user/<userId>/inbox                   platform → one signed-in user's browsers
 *   tenant/<tenantId>/device/<id>/status     platform → browsers of that tenant (staff: any device, + wildcard)
 *   tenant/<tenantId>/device/<id>/telemetry  platform → browsers of that tenant watching one device (portal page)
 *   tenant/<tenantId>/ota/<otaId>            platform → staff browsers (OTA screen) following one rollout
 *   $SYS/#                                platform only
 */

export const deviceRoot = (productKey: string, sn: string) => `dev/${productKey}/${sn}`

/** What a device may publish under its root. */
export const DEVICE_PUBLISH = new Set(['telemetry', 'event', 'command/reply', 'ota/progress'])

export const userInbox = (userId: string) => `user/${userId}/inbox`
export const deviceStatusTopic = (tenantId: string, deviceId: string) => `tenant/${tenantId}/device/${deviceId}/status`
/** Where a device's readings are forwarded for browsers watching it (a batch at most every 200 ms). */
export const deviceTelemetryTopic = (tenantId: string, deviceId: string) =>
  `tenant/${tenantId}/device/${deviceId}/telemetry`
/** Where a rollout's changes are pushed for the staff showing it (ota-live.ts). */
export const otaTopic = (tenantId: string, otaId: string) => `tenant/${tenantId}/ota/${otaId}`
export const tenantStatusFilter = (tenantId: string) => `tenant/${tenantId}/device/+/status`

/**
 * The channel of a topic under a device's own root ("telemetry", "command/reply"…), or null for any other topic:
 * a prefix check and a slice, run on every PUBLISH (the ACL and the presence handler), so no regular expression.
 */
export function deviceChannel(root: string, topic: string): string | null {
  return topic.length > root.length + 1 && topic.charCodeAt(root.length) === 47 && topic.startsWith(root)
    ? topic.slice(root.length + 1)
    : null
}

/** True when a subscription filter only matches topics under `root/` (no wildcard before or at the root). */
export function filterWithin(filter: string, root: string): boolean {
  return filter.startsWith(`${root}/`) && !/[+#]/.test(root)
}
