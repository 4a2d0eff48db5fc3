-- A moderator's notice about one's account (a suspension or its lift, issue 41) points at no
-- question: kind 'moderation' may leave question_id NULL; other kinds keep their targets.
ALTER TABLE notifications DROP CONSTRAINT notifications_target;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_target
  CHECK (CASE WHEN kind = 'message' THEN chat_id IS NOT NULL WHEN kind = 'moderation' THEN true ELSE question_id IS NOT NULL END);
