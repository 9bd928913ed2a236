CREATE TABLE `notification_settings` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`push_off` text DEFAULT '' NOT NULL,
	`quiet_enabled` integer DEFAULT true NOT NULL,
	`quiet_start` text DEFAULT '22:00' NOT NULL,
	`quiet_end` text DEFAULT '08:00' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`group_key` text NOT NULL,
	`actor_id` integer,
	`text` text NOT NULL,
	`link` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`read_at` text,
	`delivered_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_member_group` ON `notifications` (`member_id`,`group_key`);--> statement-breakpoint
CREATE INDEX `notifications_member_updated` ON `notifications` (`member_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_updated` ON `notifications` (`updated_at`);