CREATE TABLE `member_voice_intros` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`waveform` text NOT NULL,
	`prompt_id` text NOT NULL,
	`hidden_reason` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
