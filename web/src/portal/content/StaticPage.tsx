import { Card, CardHeader, Text } from '@fluentui/react-components'
import { BookOpenRegular, CloudRegular, DeveloperBoardRegular, LaptopRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { usePortalStyles } from './ui'

const FEATURES = [
  ['featureCourses', BookOpenRegular],
  ['featureLabs', LaptopRegular],
  ['featureIot', DeveloperBoardRegular],
  ['featureData', CloudRegular],
] as const

/** The cloud platform, solutions and about-us pages: the school's own text with the platform's features. */
export default function StaticPage({ kind }: { kind: 'harmony' | 'solution' | 'about' }) {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{t(`${kind}Title`)}</h1>
      <Text size={500}>{t(`${kind}Text`)}</Text>
      <div className={p.grid}>
        {FEATURES.map(([key, Icon]) => (
          <Card key={key}>
            <CardHeader
              image={<Icon fontSize={32} color="#1B79C3" />}
              header={
                <Text weight="semibold" size={500}>
                  {t(key)}
                </Text>
              }
            />
          </Card>
        ))}
      </div>
    </div>
  )
}
