import { useId } from 'react';
import { t } from '../../i18n';
import { yearOptions } from '../../lib/statsView';

/** 'All time' or one year with activity: a native select, quick and familiar on phones. */
export function YearPicker({ years, value, onChange }: { years: number[]; value: number | null; onChange(year: number | null): void }) {
  const id = useId();
  return (
    <span className="year-picker">
      <label htmlFor={id}>{t('Period')}</label>
      <select id={id} className="p-inputtext p-component" value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        {yearOptions(years).map((option) => (
          <option key={option.label} value={option.value ?? ''}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
