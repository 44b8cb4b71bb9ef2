CREATE TABLE "round_closure_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"closure_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"actor_name" text,
	"request" jsonb,
	"outcome" text,
	"answer_status" integer,
	"answer_body" jsonb,
	"error" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "round_closures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"casino_id" text NOT NULL,
	"round_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"integration_id" text NOT NULL,
	"player_id" text NOT NULL,
	"bridge_id" uuid,
	"booking" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text,
	"request" jsonb,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"bridge_booking_id" text
);
--> statement-breakpoint
CREATE TABLE "support_feed" (
	"integration_id" text NOT NULL,
	"position" bigint NOT NULL,
	"kind" text NOT NULL,
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"casino_id" text NOT NULL,
	"player_id" text NOT NULL,
	"round_id" text,
	"started_at" timestamp with time zone,
	"status" text,
	"booking" text,
	"amount" bigint,
	"currency" text,
	"bridge_booking_id" text,
	"game_id" text,
	"deletion" text,
	"reason" text NOT NULL,
	CONSTRAINT "support_feed_pkey" PRIMARY KEY("integration_id","position")
);
--> statement-breakpoint
CREATE TABLE "support_feed_cursors" (
	"integration_id" text PRIMARY KEY NOT NULL,
	"last_position" bigint DEFAULT 0 NOT NULL,
	"acknowledged" bigint DEFAULT 0 NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "history" jsonb;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "closure_id" uuid;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bet_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "significant_events" ADD COLUMN "casino_id" text;--> statement-breakpoint
ALTER TABLE "round_closure_events" ADD CONSTRAINT "round_closure_events_closure_id_round_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."round_closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_closures" ADD CONSTRAINT "round_closures_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_closure_events_closure_idx" ON "round_closure_events" USING btree ("closure_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "round_closures_idempotency_key" ON "round_closures" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "round_closures_one_active" ON "round_closures" USING btree ("casino_id","round_id","started_at") WHERE "round_closures"."state" in ('pending', 'closed');--> statement-breakpoint
CREATE INDEX "round_closures_round_idx" ON "round_closures" USING btree ("casino_id","round_id");--> statement-breakpoint
CREATE INDEX "round_closures_due_idx" ON "round_closures" USING btree ("next_attempt_at") WHERE "round_closures"."state" = 'pending' and "round_closures"."next_attempt_at" is not null;