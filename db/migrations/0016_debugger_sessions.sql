CREATE TABLE "debugger_sessions" (
	"user_id" text NOT NULL,
	"session_key" text NOT NULL,
	"auth_session_id" text,
	"state" jsonb NOT NULL,
	"retrieved" jsonb,
	"processed" jsonb,
	"key_ciphertext" text,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"last_used_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debugger_sessions_pkey" PRIMARY KEY("user_id","session_key")
);
--> statement-breakpoint
ALTER TABLE "debugger_sessions" ADD CONSTRAINT "debugger_sessions_auth_session_id_sessions_id_fk" FOREIGN KEY ("auth_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debugger_sessions_last_used_idx" ON "debugger_sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "debugger_sessions_auth_session_idx" ON "debugger_sessions" USING btree ("auth_session_id");