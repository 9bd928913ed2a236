CREATE TABLE `admin_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`used_at` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_recovery_codes_admin` ON `admin_recovery_codes` (`admin_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`admin_name` text NOT NULL,
	`admin_role` text NOT NULL,
	`action` text NOT NULL,
	`member_id` integer,
	`subject_type` text,
	`subject_id` text,
	`reason` text,
	`detail` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_member` ON `audit_log` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `safety_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`receiver_id` integer,
	`kinds` text NOT NULL,
	`early` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`reviewed_at` text,
	`reviewed_by` integer,
	FOREIGN KEY (`sender_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_flags_room_message` ON `safety_flags` (`room_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `safety_flags_sender` ON `safety_flags` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `safety_flags_open` ON `safety_flags` (`created_at`) WHERE reviewed_at IS NULL;--> statement-breakpoint
CREATE TABLE `safety_nudges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`context` text NOT NULL,
	`kinds` text NOT NULL,
	`outcome` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `safety_nudges_created` ON `safety_nudges` (`created_at`);--> statement-breakpoint
CREATE INDEX `safety_nudges_member` ON `safety_nudges` (`member_id`);--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `second_factor_at` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `role` text DEFAULT 'ADMIN' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_enrolled_at` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_last_step` integer;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
