-- A question's answer count counts shown answers only (issue 41): hiding an answer (flags, or a
-- new account's first answer held for review) takes it out of the count on every list, showing
-- it again puts it back; a held answer is inserted uncounted and a hidden one's deletion leaves
-- the count (queries/question-write.ts, post-delete.ts, flags.ts, spammer-removal.ts).
CREATE OR REPLACE FUNCTION answers_hidden_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions SET answer_count = answer_count + CASE WHEN NEW.hidden IS NULL THEN 1 ELSE -1 END
    WHERE id = NEW.question_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER answers_hidden_count AFTER UPDATE OF hidden ON answers FOR EACH ROW
  WHEN ((OLD.hidden IS NULL) <> (NEW.hidden IS NULL)) EXECUTE FUNCTION answers_hidden_count();
--> statement-breakpoint
-- Questions whose hidden answers were counted before this migration are recounted.
UPDATE questions q SET answer_count = (SELECT count(*) FROM answers a WHERE a.question_id = q.id AND a.hidden IS NULL)
  WHERE q.id IN (SELECT question_id FROM answers WHERE hidden IS NOT NULL);
