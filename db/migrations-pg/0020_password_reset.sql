CREATE TABLE "blade_password_reset" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ux_password_reset_token" ON "blade_password_reset" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ix_password_reset_user" ON "blade_password_reset" USING btree ("tenant_id","user_id");