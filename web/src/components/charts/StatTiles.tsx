import './charts.css';

/** Figures as labelled tiles: a description list, so each number is read with its name. */
export function StatTiles({ tiles }: { tiles: { label: string; value: string }[] }) {
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="stat-tile">
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
