ALTER TABLE `chat_requests` ADD `intro` text;--> statement-breakpoint
CREATE INDEX `chat_requests_status_created` ON `chat_requests` (`status`,`created_at`);