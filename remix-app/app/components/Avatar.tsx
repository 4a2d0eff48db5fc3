/** A user's identicon (GET /avatar/:username), beside their name: decorative, the name says who. */
export function Avatar({ username, size = 24 }: { username: string; size?: number }) {
  return (
    <img
      className="avatar"
      src={`/avatar/${encodeURIComponent(username)}`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
