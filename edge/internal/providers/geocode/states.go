package geocode

// stateInfo is a USPS state or territory code and its name.
type stateInfo struct {
	Code, Name string
}

// stateList holds the 50 states, DC and the territories. States without data (the
// territories GeoNames keeps in separate files) are recognised in queries but give no
// result of their own.
var stateList = []stateInfo{
	{"AL", "Alabama"}, {"AK", "Alaska"}, {"AZ", "Arizona"}, {"AR", "Arkansas"},
	{"CA", "California"}, {"CO", "Colorado"}, {"CT", "Connecticut"}, {"DE", "Delaware"},
	{"DC", "District of Columbia"}, {"FL", "Florida"}, {"GA", "Georgia"}, {"HI", "Hawaii"},
	{"ID", "Idaho"}, {"IL", "Illinois"}, {"IN", "Indiana"}, {"IA", "Iowa"},
	{"KS", "Kansas"}, {"KY", "Kentucky"}, {"LA", "Louisiana"}, {"ME", "Maine"},
	{"MD", "Maryland"}, {"MA", "Massachusetts"}, {"MI", "Michigan"}, {"MN", "Minnesota"},
	{"MS", "Mississippi"}, {"MO", "Missouri"}, {"MT", "Montana"}, {"NE", "Nebraska"},
	{"NV", "Nevada"}, {"NH", "New Hampshire"}, {"NJ", "New Jersey"}, {"NM", "New Mexico"},
	{"NY", "New York"}, {"NC", "North Carolina"}, {"ND", "North Dakota"}, {"OH", "Ohio"},
	{"OK", "Oklahoma"}, {"OR", "Oregon"}, {"PA", "Pennsylvania"}, {"RI", "Rhode Island"},
	{"SC", "South Carolina"}, {"SD", "South Dakota"}, {"TN", "Tennessee"}, {"TX", "Texas"},
	{"UT", "Utah"}, {"VT", "Vermont"}, {"VA", "Virginia"}, {"WA", "Washington"},
	{"WV", "West Virginia"}, {"WI", "Wisconsin"}, {"WY", "Wyoming"},
	{"PR", "Puerto Rico"}, {"GU", "Guam"}, {"VI", "Virgin Islands"}, {"AS", "American Samoa"},
	{"MP", "Northern Mariana Islands"}, {"MH", "Marshall Islands"},
	{"FM", "Micronesia"}, {"PW", "Palau"},
}

// stateAliases are other ways guests write a state (normalized words → code).
var stateAliases = map[string]string{
	"d c":               "DC",
	"us virgin islands": "VI",
}

// countryWords may end a query ("Columbus, OH, USA") and are ignored.
var countryWords = []string{"united states of america", "united states", "usa", "us", "america"}

// cityAliases map a nickname to a "normalized city|STATE" key.
var cityAliases = map[string]string{
	"nyc": "new york|NY",
}
