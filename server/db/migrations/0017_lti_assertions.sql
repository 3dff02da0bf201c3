CREATE TABLE "lti_assertions" (
	"tool_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_assertions_tool_id_jti_pk" PRIMARY KEY("tool_id","jti")
);
--> statement-breakpoint
ALTER TABLE "lti_assertions" ADD CONSTRAINT "lti_assertions_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_assertions_expires_idx" ON "lti_assertions" USING btree ("expires_at");