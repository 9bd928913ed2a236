CREATE TABLE `recommender_model` (
	`name` text PRIMARY KEY NOT NULL,
	`weights` text NOT NULL,
	`trained_at` text NOT NULL
);
