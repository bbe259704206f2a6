// Schema version 9: bytes_after_end, what a stream's server sent after its
// end-of-stream marker ([DONE], message_stop). The response ends at the
// marker, so the engine no longer reads what follows as part of the answer;
// it counts its bytes instead, since a server that goes on sending after the
// end is worth seeing. Null for trials measured before this version (nobody
// counted), in plain mode, and for streams that no marker ended.

export const sql = `
ALTER TABLE trials ADD COLUMN bytes_after_end INTEGER;
`;
