CREATE TABLE `push_deliveries` (
	`notification_id` integer NOT NULL,
	`subscription_id` integer NOT NULL,
	`event_at` text NOT NULL,
	PRIMARY KEY(`notification_id`, `subscription_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_deliveries_subscription` ON `push_deliveries` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `notifications_undelivered` ON `notifications` (`updated_at`) WHERE delivered_at IS NULL AND kind <> 'NOTICE';