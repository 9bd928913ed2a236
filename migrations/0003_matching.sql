-- Matching: each member's ranked recommendation list for the day, and indexes for the
-- recommendation pools, the nearby list and the popular ranking (docs/matching.md).
CREATE TABLE `matching_rankings` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`fingerprint` text NOT NULL,
	`profile_ids` text NOT NULL,
	`computed_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `members_match_city` ON `members` (`gender`,`city`,`last_active_at`);--> statement-breakpoint
CREATE INDEX `members_match_active` ON `members` (`gender`,`last_active_at`);--> statement-breakpoint
CREATE INDEX `members_geo` ON `members` (`gender`,`lat`,`lng`);--> statement-breakpoint
CREATE INDEX `hearts_created` ON `hearts` (`created_at`,`target_id`);
