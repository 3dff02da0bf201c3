CREATE TABLE "lti_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_links" (
	"exercise_id" integer PRIMARY KEY NOT NULL,
	"tool_id" integer NOT NULL,
	"url" text,
	"title" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"presentation" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"course_id" integer,
	"course_role" text NOT NULL,
	"used_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_tools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lti_tools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"login_url" text NOT NULL,
	"target_link_uri" text NOT NULL,
	"redirect_uris" text[] DEFAULT '{}' NOT NULL,
	"jwks_url" text,
	"public_key" text,
	"presentation" text DEFAULT 'iframe' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_tools_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_messages" ADD CONSTRAINT "lti_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_messages" ADD CONSTRAINT "lti_messages_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_messages" ADD CONSTRAINT "lti_messages_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_messages" ADD CONSTRAINT "lti_messages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_links_tool_idx" ON "lti_links" USING btree ("tool_id");