ALTER TABLE "blade_pay_order" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "blade_pay_refund" ALTER COLUMN "status" SET DEFAULT 0;