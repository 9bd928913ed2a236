CREATE TABLE `identity_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`signup_session_id` text,
	`member_id` integer,
	`ci_hash` text NOT NULL,
	`name` text NOT NULL,
	`birth_date` text NOT NULL,
	`gender` text NOT NULL,
	`verified_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `identity_verifications_ci` ON `identity_verifications` (`ci_hash`);--> statement-breakpoint
CREATE INDEX `identity_verifications_member` ON `identity_verifications` (`member_id`);--> statement-breakpoint
CREATE INDEX `identity_verifications_session` ON `identity_verifications` (`signup_session_id`);--> statement-breakpoint
CREATE TABLE `photo_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`image_key` text NOT NULL,
	`other_member_id` integer NOT NULL,
	`other_image_key` text NOT NULL,
	`distance` integer NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_matches_status_created` ON `photo_matches` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `photo_verifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`pose` text NOT NULL,
	`selfie_key` text,
	`source` text NOT NULL,
	`main_image_key` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`reason` text,
	`admin_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `photo_verifications_status_created` ON `photo_verifications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `photo_verifications_member` ON `photo_verifications` (`member_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `member_images` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `member_preferences` ADD `verified_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `identity_verified_at` text;--> statement-breakpoint
ALTER TABLE `members` ADD `photo_verified_at` text;--> statement-breakpoint
ALTER TABLE `members` ADD `nickname_chosen_at` text;--> statement-breakpoint
ALTER TABLE `members` ADD `minor_closed_at` text;