CREATE TABLE `dev_portone_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`channel_key` text,
	`status` text NOT NULL,
	`customer` text,
	`requested_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`verified_at` text
);
