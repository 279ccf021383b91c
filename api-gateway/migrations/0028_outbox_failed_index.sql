-- The outbox's gauges count the messages given up on at every scrape: without this, a scan of every
-- message ever sent.
CREATE INDEX outbox_messages_failed ON outbox_messages (id) WHERE status = 'failed';
