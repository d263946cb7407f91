/**
 * The equipment's history on the field page (/t/$serial?action=history): inspections, maintenances
 * and modifications, each rendered by the equipment feature's record lists (shared with the
 * equipment dialog).
 */
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { EQUIPMENT_NS } from '../equipment/i18n.ts';
import { InspectionRecords, MaintenanceRecords, SnapshotRecords } from '../equipment/records.tsx';

const TABS = [
  { value: 'inspections', List: InspectionRecords },
  { value: 'maintenances', List: MaintenanceRecords },
  { value: 'snapshots', List: SnapshotRecords },
] as const;

export function HistoryView({ serial }: { serial: string }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <Tabs defaultValue="inspections" className="flex flex-col" data-testid="history">
      <TabsList className="grid w-full grid-cols-3">
        {TABS.map(({ value }) => (
          <TabsTrigger key={value} value={value} className="min-h-10" data-testid={`history-tab-${value}`}>
            {t(`tabs.${value}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(({ value, List }) => (
        <TabsContent key={value} value={value}>
          <List tag={serial} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
