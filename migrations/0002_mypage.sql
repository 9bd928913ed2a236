-- Reports: how many message samples the reporter sent that did not match a stored message of the room.
ALTER TABLE `reports` ADD `unverified_samples` integer DEFAULT 0 NOT NULL;
