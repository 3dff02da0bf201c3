CREATE TABLE "dictionaries" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"dictionary_id" text NOT NULL,
	"id" text NOT NULL,
	"label" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictionary_entries_dictionary_id_id_pk" PRIMARY KEY("dictionary_id","id")
);
--> statement-breakpoint
CREATE TABLE "hierarchies" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hierarchy_nodes" (
	"hierarchy_id" text NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"text" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hierarchy_nodes_hierarchy_id_id_pk" PRIMARY KEY("hierarchy_id","id")
);
--> statement-breakpoint
ALTER TABLE "dictionary_entries" ADD CONSTRAINT "dictionary_entries_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hierarchy_nodes" ADD CONSTRAINT "hierarchy_nodes_hierarchy_id_hierarchies_id_fk" FOREIGN KEY ("hierarchy_id") REFERENCES "public"."hierarchies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hierarchy_nodes_parent_idx" ON "hierarchy_nodes" USING btree ("hierarchy_id","parent_id","sequence");