"""Which Natural Earth countries make up which Risk territory.

A country maps to one territory, or to several candidates; then each of its pixels goes
to the nearest seed (the shared anchor plus the extra seeds below), so Canada, the US,
Russia, China, Indonesia and a few others are split the way the board game splits them.
"""

from __future__ import annotations

_SINGLE: dict[str, list[str]] = {
    "Central America": [
        "Mexico",
        "Guatemala",
        "Belize",
        "Honduras",
        "El Salvador",
        "Nicaragua",
        "Costa Rica",
        "Panama",
        "Cuba",
        "Jamaica",
        "Haiti",
        "Dominican Rep.",
        "Puerto Rico",
        "Bahamas",
    ],
    "Greenland": ["Greenland"],
    "Venezuela": ["Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago"],
    "Peru": ["Peru", "Ecuador", "Bolivia"],
    "Brazil": ["Brazil"],
    "Argentina": ["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."],
    "Iceland": ["Iceland"],
    "Great Britain": ["United Kingdom", "Ireland"],
    "Scandinavia": ["Norway", "Sweden", "Finland"],
    "Northern Europe": [
        "Germany",
        "Poland",
        "Denmark",
        "Netherlands",
        "Belgium",
        "Luxembourg",
        "Czechia",
        "Austria",
        "Switzerland",
        "Slovakia",
    ],
    "Western Europe": ["Spain", "Portugal"],
    "Southern Europe": [
        "Italy",
        "Slovenia",
        "Croatia",
        "Bosnia and Herz.",
        "Serbia",
        "Montenegro",
        "Kosovo",
        "Albania",
        "North Macedonia",
        "Greece",
        "Bulgaria",
        "Romania",
        "Hungary",
    ],
    "Ukraine": ["Ukraine", "Belarus", "Moldova", "Estonia", "Latvia", "Lithuania"],
    "North Africa": [
        "Morocco",
        "W. Sahara",
        "Algeria",
        "Tunisia",
        "Mauritania",
        "Mali",
        "Niger",
        "Chad",
        "Nigeria",
        "Senegal",
        "Gambia",
        "Guinea",
        "Guinea-Bissau",
        "Sierra Leone",
        "Liberia",
        "Côte d'Ivoire",
        "Ghana",
        "Togo",
        "Benin",
        "Burkina Faso",
    ],
    "Egypt": ["Egypt", "Libya"],
    "East Africa": [
        "Sudan",
        "S. Sudan",
        "Ethiopia",
        "Eritrea",
        "Djibouti",
        "Somalia",
        "Somaliland",
        "Kenya",
        "Uganda",
        "Tanzania",
        "Rwanda",
        "Burundi",
    ],
    "Congo": [
        "Dem. Rep. Congo",
        "Congo",
        "Gabon",
        "Eq. Guinea",
        "Cameroon",
        "Central African Rep.",
        "Angola",
    ],
    "South Africa": [
        "South Africa",
        "Namibia",
        "Botswana",
        "Zimbabwe",
        "Zambia",
        "Mozambique",
        "Malawi",
        "Lesotho",
        "eSwatini",
    ],
    "Madagascar": ["Madagascar"],
    "Middle East": [
        "Turkey",
        "Syria",
        "Iraq",
        "Iran",
        "Jordan",
        "Israel",
        "Palestine",
        "Lebanon",
        "Saudi Arabia",
        "Yemen",
        "Oman",
        "United Arab Emirates",
        "Qatar",
        "Kuwait",
        "Cyprus",
        "N. Cyprus",
        "Georgia",
        "Armenia",
        "Azerbaijan",
    ],
    "Afghanistan": [
        "Afghanistan",
        "Kazakhstan",
        "Uzbekistan",
        "Turkmenistan",
        "Tajikistan",
        "Kyrgyzstan",
    ],
    "India": ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka"],
    "Siam": ["Thailand", "Myanmar", "Laos", "Cambodia", "Vietnam"],
    "Mongolia": ["Mongolia"],
    "Japan": ["Japan"],
    "Indonesia": ["Brunei", "Timor-Leste"],
    "New Guinea": ["Papua New Guinea"],
}

COUNTRY_TO_TERRITORIES: dict[str, list[str]] = {
    country: [territory] for territory, countries in _SINGLE.items() for country in countries
}
COUNTRY_TO_TERRITORIES.update(
    {
        "Canada": ["Northwest Territory", "Alberta", "Ontario", "Quebec"],
        "United States of America": ["Alaska", "Western United States", "Eastern United States"],
        "Russia": ["Ukraine", "Ural", "Siberia", "Yakutsk", "Irkutsk", "Kamchatka", "Mongolia"],
        "China": ["China", "Mongolia"],
        "North Korea": ["China"],
        "South Korea": ["China"],
        "Taiwan": ["China"],
        "Indonesia": ["Indonesia", "New Guinea"],
        "Malaysia": ["Siam", "Indonesia"],
        "Australia": ["Western Australia", "Eastern Australia"],
        "France": ["Western Europe", "Venezuela"],  # French Guiana sits next to Suriname
    }
)

# Countries drawn as plain land that belongs to no territory.
NO_TERRITORY = {
    "New Zealand",
    "Philippines",
    "Fiji",
    "Solomon Is.",
    "Vanuatu",
    "New Caledonia",
}
DROPPED = {"Antarctica", "Fr. S. Antarctic Lands"}

# Extra (lat, lon) seeds that shape the split countries like the board game's borders.
EXTRA_SEEDS: dict[str, list[tuple[float, float]]] = {
    "Northwest Territory": [
        (72.0, -100.0),
        (70.0, -72.0),
        (62.0, -128.0),
        (76.0, -90.0),
        (79.0, -78.0),
    ],
    "Alberta": [(52.0, -123.0), (57.0, -125.0)],
    "Ontario": [(52.0, -90.0), (56.0, -92.0), (46.0, -80.0)],
    "Quebec": [(55.0, -72.0), (48.0, -66.0), (47.0, -60.0), (52.0, -62.0)],
    "Alaska": [(58.0, -135.0)],
    "Western United States": [(45.0, -105.0), (35.0, -104.0)],
    "Eastern United States": [(42.0, -88.0), (32.0, -89.0), (44.0, -72.0)],
    "Ukraine": [(60.0, 45.0), (66.0, 48.0), (55.0, 48.0), (68.0, 36.0)],
    "Ural": [(64.0, 64.0), (54.0, 62.0), (69.0, 70.0), (54.0, 75.0), (51.0, 83.0)],
    "Siberia": [(72.0, 95.0), (56.0, 85.0), (70.0, 82.0)],
    "Irkutsk": [(54.0, 112.0), (60.0, 112.0)],
    "Yakutsk": [(70.0, 130.0), (62.0, 128.0), (72.0, 145.0)],
    "Kamchatka": [(65.0, 172.0), (62.0, 150.0), (52.0, 140.0), (67.0, -175.0)],
    "Mongolia": [(46.0, 125.0), (42.0, 115.0), (48.0, 130.0), (44.0, 133.0)],
    "China": [(30.0, 115.0), (38.0, 116.0), (38.0, 95.0)],
    "Indonesia": [(-2.0, 102.0), (-7.0, 110.0), (-2.0, 121.0), (4.0, 113.0)],
    "New Guinea": [(-4.0, 138.0)],
    "Siam": [(4.0, 102.0)],
    "Western Australia": [(-28.0, 121.0)],
    "Eastern Australia": [(-30.0, 146.0)],
}

# Island groups blown up so a phone can see them: (lat, lon) box -> factor, origin.
# origin None = scale each polygon about its own centroid.
Box = tuple[float, float, float, float]  # lat_min, lat_max, lon_min, lon_max
ISLAND_SCALES: list[tuple[Box, float, tuple[float, float] | None]] = [
    ((62.0, 68.0, -26.0, -12.0), 2.0, None),  # Iceland
    ((49.0, 61.0, -11.0, 2.0), 1.15, (54.5, -4.0)),  # Great Britain and Ireland
    ((30.0, 46.0, 128.0, 146.0), 1.45, (36.5, 137.5)),  # Japan
    ((-26.0, -11.0, 42.0, 51.0), 1.35, None),  # Madagascar
    ((-11.0, 0.0, 130.5, 156.0), 1.3, (-5.5, 143.0)),  # New Guinea
    ((-11.0, 7.0, 94.0, 130.5), 1.3, None),  # Indonesian islands
    ((5.0, 10.0, 79.0, 82.5), 1.6, None),  # Sri Lanka
    ((20.0, 26.0, 119.0, 123.0), 1.4, None),  # Taiwan
    ((17.0, 24.0, -85.0, -64.0), 1.25, None),  # Greater Antilles
]
