import PaymentsIcon from '@mui/icons-material/Payments';
import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import ContactEmergencyIcon from '@mui/icons-material/ContactEmergency';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import KeyIcon from '@mui/icons-material/Key';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import MapIcon from '@mui/icons-material/Map';
import PaymentIcon from '@mui/icons-material/Payment';
import PeopleIcon from '@mui/icons-material/People';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonPinCircleIcon from '@mui/icons-material/PersonPinCircle';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RouteIcon from '@mui/icons-material/Route';
import SosIcon from '@mui/icons-material/Sos';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { MenuIconName } from './menu';

export const menuIcons: Record<MenuIconName, typeof SvgIcon> = {
  dashboard: DashboardIcon,
  staff: GroupsIcon,
  staffs: BadgeIcon,
  roles: AdminPanelSettingsIcon,
  permissions: KeyIcon,
  auditLog: HistoryIcon,
  drivers: PersonPinCircleIcon,
  approvedDrivers: HowToRegIcon,
  unapprovedDrivers: PersonOffIcon,
  driverPayouts: PaymentsIcon,
  vehicles: LocalTaxiIcon,
  trips: RouteIcon,
  passengers: PeopleIcon,
  gateways: PaymentIcon,
  prices: PriceChangeIcon,
  zones: PentagonOutlinedIcon,
  discounts: LocalOfferIcon,
  issues: ReportProblemIcon,
  sosContacts: ContactEmergencyIcon,
  sosCallLogs: SosIcon,
  reports: AssessmentIcon,
  revenueReport: AccountBalanceWalletIcon,
  revenueLetter: DescriptionIcon,
  tripReport: DirectionsCarIcon,
  driverRevenue: LeaderboardIcon,
  dispatcher: MapIcon,
  declared: ViewListIcon,
};
