import * as Tabs from '@radix-ui/react-tabs';
import { inPageClick } from '@party/shared-ui';
import { Icon } from '../../ui/Icon';
import { AreaConsultations, useConsultations } from './AreaConsultations';
import type { PolicyAreaId } from '@party/shared-contracts';
import { policyAreas } from './policy-areas';
import { policyPaper, policyPaperFileName } from './policy-paper';
import { usePolicyArea } from './usePolicyArea';
import styles from './PolicyAreaTabs.module.css';

/** The six policy areas as a tab list (arrow keys move between areas); one panel shows at a time, the one `?area=` names. */
export function PolicyAreaTabs() {
  const { area: selected, selectArea } = usePolicyArea();
  const consultations = useConsultations();

  return (
    <Tabs.Root value={selected.id} onValueChange={(value) => selectArea(value as PolicyAreaId)}>
      <Tabs.List className={styles.list} aria-label="Policy areas">
        {policyAreas.map((area) => (
          // A link, for the page before its code has run: the server answers `?area=` with that area.
          // Radix selects the tab as it is pressed, so the link's own navigation is held.
          <Tabs.Trigger key={area.id} value={area.id} className={styles.tab} data-color={area.color} asChild>
            <a
              href={`?area=${area.id}#areas`}
              // Radix gives its trigger type="button", which a link does not take.
              type={undefined}
              onClick={inPageClick(() => undefined)}
            >
              <Icon name={area.icon} size={20} />
              {area.title}
            </a>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {policyAreas.map((area) => (
        <Tabs.Content key={area.id} value={area.id} className={styles.panel} data-color={area.color}>
          <div className={styles.panelHeader}>
            <span className={styles.panelIcon}>
              <Icon name={area.icon} size={28} />
            </span>
            <h3>{area.title}</h3>
          </div>
          <p className={styles.overview}>{area.overview}</p>
          <div className={styles.lists}>
            <div>
              <h4>Key initiatives</h4>
              <ul className={styles.initiatives}>
                {area.keyInitiatives.map((initiative) => (
                  <li key={initiative}>
                    <Icon name="check" size={18} />
                    {initiative}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4>Evidence base</h4>
              <ul className={styles.evidence}>
                {area.evidenceBase.map((source) => (
                  <li key={source}>{source}</li>
                ))}
              </ul>
            </div>
          </div>
          <a
            className={styles.download}
            href={`data:text/markdown;charset=utf-8,${encodeURIComponent(policyPaper(area))}`}
            download={policyPaperFileName(area)}
          >
            <Icon name="download" size={18} />
            Download Full Policy Paper
          </a>
          <AreaConsultations area={area.id} title={area.title} consultations={consultations} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
