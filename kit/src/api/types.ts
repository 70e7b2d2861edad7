// Names for the contract's shapes (api/openapi.yaml, generated into ./schema.d.ts), so
// screens and the store say `Cart` or `Members` instead of reaching into the schema.
// Nothing here is written by hand: a field the contract does not have is a type error.
import type { components } from '@henhouse/kit/api/schema';

type S = components['schemas'];

export type Location = S['Location'];
export type Address = S['Address'];
export type Hours = S['Hours'];
export type LocationState = S['LocationState'];
export type LatLng = S['LatLng'];
/** A geocoder suggestion for the location search box. */
export type Place = S['Place'];
export type TimeOptions = S['TimeOptions'];
export type Product = S['Product'];
export type Nutrition = S['Nutrition'];
export type NutritionRow = S['NutritionRow'];
export type Cart = S['Cart'];
export type CartLine = S['CartLine'];
export type HandoffMode = S['HandoffMode'];
export type Vehicle = S['Vehicle'];
export type TimeWanted = S['TimeWanted'];
export type NotTransferred = S['NotTransferred'];
export type User = S['User'];
export type TokenInfo = S['TokenInfo'];
export type SignedIn = S['SignedIn'];
/** A sign-in code challenge: the code step follows. */
export type CodeChallenge = S['Challenge'];
export type SavedAddress = S['SavedAddress'];
export type AddressInput = S['AddressInput'];
export type SavedCard = S['SavedCard'];
export type MemberOrder = S['MemberOrder'];
export type Members = S['Members'];
export type Reward = S['Reward'];
export type RewardOffer = S['RewardOffer'];
export type Redemption = S['Redemption'];
export type Offer = S['Offer'];
/** A challenge with the member's progress in the current period. */
export type Challenge = S['ChallengeProgress'];
export type Badge = S['Badge'];
export type Plan = S['Plan'];
export type Subscription = S['Subscription'];
export type RedeemResult = S['RedeemResult'];
export type ContentPage = S['ContentPage'];
export type ContentBlock = S['ContentBlock'];
export type ContentButton = S['ContentButton'];
export type TopSellersBlock = S['TopSellersBlock'];
export type Popup = S['Popup'];
export type CareersCity = S['CareersCity'];
export type JobLocation = S['JobLocation'];
export type JobOpening = S['JobOpening'];
export type AppData = S['AppData'];
export type HandoverState = S['HandoverState'];
export type Menu = S['Menu'];
export type Category = S['Category'];
export type ModifierGroup = S['ModifierGroup'];
export type Modifier = S['Modifier'];
export type Marker = S['Marker'];
export type Availability = S['Availability'];
export type ModifierInput = S['ModifierInput'];
export type AddProductRequest = S['AddProductRequest'];
export type LineInput = S['LineInput'];
export type Catering = S['Catering'];
export type CateringPackage = S['CateringPackage'];
export type CateringEstimate = S['CateringEstimate'];
export type EstimateInput = NonNullable<
  import('@henhouse/kit/api/schema').operations['estimateCatering']['requestBody']
>['content']['application/json'];
export type CartGroup = S['CartGroup'];
export type GroupParticipant = S['GroupParticipant'];
export type GroupView = S['GroupView'];
export type GroupPart = S['GroupPart'];
export type GroupStart = S['GroupStart'];
export type GroupChange = S['GroupChange'];
export type GroupJoin = S['GroupJoin'];
export type OrderGroup = S['OrderGroup'];
