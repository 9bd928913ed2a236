ALTER TABLE `push_subscriptions` ADD `tries_window` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `tries` integer DEFAULT 0 NOT NULL;