CREATE TABLE `member_vectors` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`taste` text NOT NULL,
	`appeal` text NOT NULL,
	`bias` real NOT NULL,
	`events` integer NOT NULL,
	`trained_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
