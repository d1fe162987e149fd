// An item with its sizes: length, width, thickness, extra length, format type and stock as of the last
// sync; each size can go to the counter order or the trade-fair request in progress, unless it is blocked.
import { useState } from 'react';
import {
  isPickable,
  pickedLineFor,
  type CatalogSizeRow,
} from '../../../../shared/contract/catalog-search.ts';
import type { LineTarget } from '../../../../shared/contract/picked-line.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatCount, formatWhen, sizeLabel } from '../../components/catalog-format.ts';
import { stockText, steelAbsentAfter } from '../../components/steel.ts';
import { LiveStockCheck, liveStockOfferedAfter } from '../../components/live-stock-check.tsx';
import { MessageDetails, ProblemBanner } from '../../components/message-details.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';

type Notice = { kind: 'ok' | 'bad'; text: string; details?: string } | undefined;

export function ItemDetail() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const steelAbsent = useAppStore((state) => steelAbsentAfter(state.syncStatus));
  const liveStockOffered = useAppStore((state) => liveStockOfferedAfter(state.syncStatus));
  const checkStock = useAppStore((state) => state.checkStock);
  const open = useAppStore((state) => state.catalogItem);
  const addPickedLine = useAppStore((state) => state.addPickedLine);
  const [notice, setNotice] = useState<Notice>();

  if (!open) return <p className="item-detail__empty">{t('catalog.detail.empty')}</p>;
  if (open.error) return <ProblemBanner problem={bridgeProblem(t, open.error)} />;
  const detail = open.detail;
  if (!detail) return <p className="item-detail__empty">{t('catalog.detail.loading')}</p>;

  const add = async (target: LineTarget, row: CatalogSizeRow) => {
    setNotice(undefined);
    const result = await addPickedLine({ target, line: pickedLineFor(row, !steelAbsent) });
    setNotice(
      result.ok
        ? { kind: 'ok', text: t(`catalog.add.done.${target}`, { item: sizeLabel(row) }) }
        : {
            kind: 'bad',
            text: t('catalog.add.failed', { problem: bridgeProblem(t, result.error).text }),
            details: result.error.message,
          },
    );
  };
  const dimension = (value: number) => (value > 0 ? formatCount(value, language) : '');
  const itemBlocked = detail.blocked || detail.salesBlocked;

  return (
    <article className="item-detail" aria-labelledby="catalog-item-title" data-testid="catalog-item">
      <header className="item-detail__header">
        <p className="item-detail__no">{detail.itemNo}</p>
        <h2 id="catalog-item-title">{detail.description}</h2>
        {detail.description2 ? <p className="item-detail__sub">{detail.description2}</p> : null}
        <p className="item-detail__badges">
          {detail.blocked ? <span className="badge badge--bad">{t('catalog.badge.blocked')}</span> : null}
          {detail.salesBlocked ? (
            <span className="badge badge--bad">{t('catalog.badge.salesBlocked')}</span>
          ) : null}
        </p>
      </header>
      <dl className="item-detail__facts">
        <dt>{t('catalog.detail.category')}</dt>
        <dd>
          {detail.categoryPath.map((category) => category.description || category.code).join(' › ') || '—'}
        </dd>
        {detail.profile ? (
          <>
            <dt>{t('catalog.detail.profile')}</dt>
            <dd>
              {detail.profile.code}
              {detail.profile.description ? ` · ${detail.profile.description}` : ''}
            </dd>
          </>
        ) : null}
        {detail.grade ? (
          <>
            <dt>{t('catalog.detail.grade')}</dt>
            <dd>
              {detail.grade.code}
              {detail.grade.description ? ` · ${detail.grade.description}` : ''}
            </dd>
          </>
        ) : null}
        <dt>{t('catalog.detail.unit')}</dt>
        <dd>{detail.baseUnit || '—'}</dd>
        {detail.priceUnit ? (
          <>
            <dt>{t('catalog.detail.priceUnit')}</dt>
            <dd>{detail.priceUnit}</dd>
          </>
        ) : null}
      </dl>
      {itemBlocked ? <p className="banner banner--error">{t('catalog.detail.notPickable')}</p> : null}
      <h3>{t('catalog.detail.sizes')}</h3>
      <p className="field__hint">
        {steelAbsent
          ? t('catalog.stock.noSteelNote')
          : detail.syncedAt
            ? t('catalog.detail.stockAsOf', { when: formatWhen(detail.syncedAt, language) })
            : t('catalog.detail.stockNoSync')}
      </p>
      {notice ? (
        <p className={`banner ${notice.kind === 'ok' ? 'banner--ok' : 'banner--error'}`} role="status">
          {notice.text} <MessageDetails details={notice.details} />
        </p>
      ) : null}
      <div className="item-detail__sizes">
        <table className="size-table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.size.code')}</th>
              {steelAbsent ? null : <th scope="col">{t('catalog.size.dimensions')}</th>}
              <th scope="col" className="num">
                {t('catalog.size.stock')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('catalog.size.add')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.sizes.map((row) => {
              const pickable = isPickable(row);
              const label = sizeLabel(row);
              const dimensions = [
                row.lengthMm > 0 ? `${t('catalog.size.lengthShort')} ${dimension(row.lengthMm)}` : '',
                row.widthMm > 0 ? `${t('catalog.size.widthShort')} ${dimension(row.widthMm)}` : '',
                row.thicknessMm > 0
                  ? `${t('catalog.size.thicknessShort')} ${dimension(row.thicknessMm)}`
                  : '',
              ].filter(Boolean);
              return (
                <tr key={row.variantCode || '-'} className={pickable ? '' : 'size-table__blocked'}>
                  <th scope="row">
                    <span className="size-table__code">{row.variantCode || '—'}</span>
                    <span className="size-table__desc">
                      {[row.description, row.description2].filter(Boolean).join(' · ')}
                    </span>
                    {row.sizeBlocked ? (
                      <span className="badge badge--bad">{t('catalog.badge.sizeBlocked')}</span>
                    ) : null}
                  </th>
                  {steelAbsent ? null : (
                    <td>
                      <span className="size-table__dims">{dimensions.join(' · ')}</span>
                      <span className="size-table__desc">
                        {[
                          row.formatType,
                          row.extraLengthMm > 0
                            ? t('catalog.size.extraLengthValue', { mm: dimension(row.extraLengthMm) })
                            : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </td>
                  )}
                  <td className={`num${row.inventory > 0 || steelAbsent ? '' : ' size-table__none'}`}>
                    {stockText(row, language, t, steelAbsent)}
                    {liveStockOffered && row.variantCode ? (
                      <LiveStockCheck
                        check={checkStock}
                        itemNo={row.itemNo}
                        variantCode={row.variantCode}
                        unit={row.baseUnit}
                        sizeLabel={label}
                        short
                      />
                    ) : null}
                  </td>
                  <td className="size-table__actions">
                    <button
                      type="button"
                      className="button button--small"
                      disabled={!pickable}
                      aria-label={t('catalog.add.counterLabel', { size: label })}
                      title={
                        pickable
                          ? t('catalog.add.counterLabel', { size: label })
                          : t('catalog.detail.notPickable')
                      }
                      onClick={() => void add('counter', row)}
                    >
                      {t('catalog.add.counter')}
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={!pickable}
                      aria-label={t('catalog.add.fairLabel', { size: label })}
                      title={
                        pickable
                          ? t('catalog.add.fairLabel', { size: label })
                          : t('catalog.detail.notPickable')
                      }
                      onClick={() => void add('fair', row)}
                    >
                      {t('catalog.add.fair')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </article>
  );
}
