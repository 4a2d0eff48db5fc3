/** The ♦ beside a moderator's or an admin's name (issue 41); screen readers hear "moderator". */
export function ModDiamond() {
  return (
    <span className="mod-diamond" title="moderator">
      <span aria-hidden="true">♦</span>
      <span className="visually-hidden"> moderator</span>
    </span>
  );
}
