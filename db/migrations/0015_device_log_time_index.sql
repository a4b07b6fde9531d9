-- Device logs lose their index on create_time alone: every reading paid for it, and the nightly prune now reaches
-- old rows device by device through ix_device_log_device (server/modules/iot/presence.ts, pruneDeviceLogs).
DROP INDEX `ix_device_log_time`;
