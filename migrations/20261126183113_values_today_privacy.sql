CREATE TABLE `avoid_phones` (
	`member_id` integer NOT NULL,
	`phone_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`member_id`, `phone_hash`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `avoid_phones_hash` ON `avoid_phones` (`phone_hash`);--> statement-breakpoint
CREATE TABLE `date_share_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`share_id` text NOT NULL,
	`viewed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`share_id`) REFERENCES `date_shares`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `date_share_views_share` ON `date_share_views` (`share_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `date_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`match_id` integer NOT NULL,
	`room_id` integer NOT NULL,
	`place` text NOT NULL,
	`meet_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `date_shares_member` ON `date_shares` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `date_shares_match` ON `date_shares` (`match_id`);--> statement-breakpoint
CREATE TABLE `today_cards` (
	`member_id` integer NOT NULL,
	`day` text NOT NULL,
	`candidate_id` integer NOT NULL,
	`position` integer NOT NULL,
	`compatibility` integer,
	`reasons` text NOT NULL,
	`action` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`member_id`, `day`, `candidate_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`candidate_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `today_cards_day_candidate` ON `today_cards` (`day`,`candidate_id`);--> statement-breakpoint
CREATE TABLE `value_answers` (
	`member_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`answer_id` integer NOT NULL,
	`accept` text NOT NULL,
	`importance` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`member_id`, `question_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `members` ADD `private_mode` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `phone_hash` text;