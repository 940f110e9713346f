ALTER TABLE "image_features" ADD COLUMN "vector" "bytea";--> statement-breakpoint
ALTER TABLE "image_features" ADD COLUMN "keypoints" "bytea";