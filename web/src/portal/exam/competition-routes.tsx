import RequireAuth from '../content/RequireAuth'
import { CompetitionDetail, CompetitionList } from './Competitions'
import { MyCompetitionDetail as MyResult, MyCompetitions as Mine } from './MyCompetitions'

/**
 * The portal's competition pages (spec portal §2). Lists and details are open to visitors;
 * a learner's own competitions and results need a sign-in (the isAuth rule: guests go to /home/user-login).
 */
export { CompetitionDetail, CompetitionList }
export const CompanyCompetitions = () => <CompetitionList company />
export const MyCompetitions = () => (
  <RequireAuth>
    <Mine />
  </RequireAuth>
)
export const MyCompetitionDetail = () => (
  <RequireAuth>
    <MyResult />
  </RequireAuth>
)
