CREATE TABLE `hearts_seen` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`seen_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `member_preferences` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`age_min` integer,
	`age_max` integer,
	`max_distance_km` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `member_profile_details` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`bio` text,
	`bio_hidden_reason` text,
	`height_cm` integer,
	`job_category` text,
	`job_title` text,
	`job_title_hidden_reason` text,
	`education` text,
	`religion` text,
	`religion_visible` integer DEFAULT false NOT NULL,
	`smoking` text,
	`drinking` text,
	`mbti` text,
	`looking_for` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `member_profile_prompts` (
	`member_id` integer NOT NULL,
	`question_id` text NOT NULL,
	`position` integer NOT NULL,
	`answer` text NOT NULL,
	`hidden_reason` text,
	PRIMARY KEY(`member_id`, `question_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
