/** Harbor Precision Components, Inc.: a fictional contract manufacturer of machined parts and hydraulic fittings. */
export const COMPANY = {
  name: 'Harbor Precision Components',
  email: 'finance@harborprecision.example',
  phone: '2065550142',
  address: '1840 Marine View Drive, Tacoma, WA 98422',
  description:
    'Demo organization: a small manufacturer of precision machined components, hydraulic fittings and custom assemblies (generated data).',
  entity: 'HPC-US',
} as const;

/** The demo organization's user that `npm run demo` creates and prints (a plain constant: the e2e journeys import it). */
export const DEMO_USER = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'demo@harborprecision.example',
  phoneNumber: '2065550199',
  password: 'Harbor!Demo2024',
} as const;

export const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Operations', 'G&A'] as const;
export type Department = (typeof DEPARTMENTS)[number];

export interface ProductLine {
  key: string;
  name: string;
  revenueAccount: string;
  /** Cost of sales account for its materials, and materials as a share of the price (0 for services). */
  materialsAccount: string | null;
  materialsShare: number;
}

export const PRODUCT_LINES: ProductLine[] = [
  { key: 'MC', name: 'Machined components', revenueAccount: '4110', materialsAccount: '5110', materialsShare: 0.36 },
  { key: 'HF', name: 'Hydraulic fittings', revenueAccount: '4120', materialsAccount: '5120', materialsShare: 0.41 },
  { key: 'CA', name: 'Custom assemblies', revenueAccount: '4130', materialsAccount: '5130', materialsShare: 0.39 },
  { key: 'SP', name: 'Spare parts', revenueAccount: '4140', materialsAccount: '5140', materialsShare: 0.3 },
  { key: 'ES', name: 'Engineering services', revenueAccount: '4210', materialsAccount: null, materialsShare: 0 },
  {
    key: 'RR',
    name: 'Repair and refurbishment',
    revenueAccount: '4220',
    materialsAccount: '5140',
    materialsShare: 0.15,
  },
];

export interface Customer {
  name: string;
  /** Share of the invoices it receives. */
  weight: number;
  /** Days until it usually pays; early payers take a 2% discount within 10 days. */
  terms: number;
  earlyPayer: boolean;
  /** Weights of the product lines it buys, in PRODUCT_LINES order. */
  mix: number[];
}

const customer = (name: string, weight: number, terms: number, mix: number[], earlyPayer = false): Customer => ({
  name,
  weight,
  terms,
  earlyPayer,
  mix,
});

export const CUSTOMERS: Customer[] = [
  customer('Cascade Hydraulics Inc.', 14, 45, [2, 8, 3, 2, 1, 1]),
  customer('Northwind Marine Systems', 11, 30, [6, 3, 4, 2, 1, 2]),
  customer('Pacific Rail Equipment Co.', 10, 60, [5, 2, 5, 3, 1, 1]),
  customer('Summit Agricultural Machinery', 9, 45, [3, 6, 2, 3, 0, 1]),
  customer('Redwood Aerospace Structures', 8, 30, [8, 1, 3, 1, 2, 0], true),
  customer('Olympic Forestry Equipment', 7, 45, [4, 4, 2, 3, 0, 2]),
  customer('Blue Ridge Energy Services', 6, 60, [3, 5, 3, 2, 1, 2]),
  customer('Ironclad Mining Supply', 6, 60, [2, 6, 1, 4, 0, 3]),
  customer('Sound Transit Fabricators', 5, 30, [5, 1, 4, 1, 1, 0]),
  customer('Columbia Pump & Valve', 5, 45, [3, 7, 1, 2, 0, 1], true),
  customer('Evergreen Packaging Machines', 4, 30, [6, 1, 5, 2, 2, 1]),
  customer('Tidewater Shipyards LLC', 4, 60, [4, 3, 3, 2, 1, 3]),
  customer('Rainier Robotics', 4, 30, [7, 0, 4, 1, 3, 0], true),
  customer('Granite State Compressors', 3, 45, [3, 6, 2, 2, 0, 1]),
  customer('Willamette Food Processing Equip.', 3, 30, [4, 2, 4, 2, 1, 1]),
  customer('Copper Canyon Drilling', 3, 60, [2, 5, 1, 4, 0, 2]),
  customer('Harborview Medical Devices', 3, 30, [9, 0, 2, 1, 2, 0], true),
  customer('Puget Lift Trucks', 2, 45, [3, 4, 2, 4, 0, 2]),
  customer('Skagit Valley Irrigation', 2, 30, [2, 6, 1, 3, 0, 1]),
  customer('Kodiak Offshore Services', 2, 60, [3, 4, 3, 2, 1, 3]),
  customer('Bellingham Boatworks', 2, 30, [5, 2, 3, 2, 0, 1]),
  customer('Spokane Valley Fabrication', 2, 45, [5, 2, 2, 2, 1, 1]),
  customer('Yakima Orchard Systems', 1, 30, [2, 5, 2, 3, 0, 1]),
  customer('Mount Baker Ski Lifts', 1, 45, [4, 2, 4, 2, 1, 2]),
  customer('Coastal Wind Turbine Services', 1, 60, [4, 3, 3, 2, 2, 2]),
  customer('Alder Creek Sawmill', 1, 30, [2, 3, 1, 4, 0, 3]),
  customer('Chinook Conveyor Corp.', 1, 45, [4, 3, 3, 2, 0, 1]),
  customer('Vashon Instruments', 1, 30, [8, 0, 2, 1, 2, 0], true),
  customer('Lakeside Hydro Authority', 1, 60, [2, 4, 3, 2, 2, 3]),
  customer('Orca Bay Seafoods', 1, 30, [3, 3, 2, 2, 0, 2]),
];

export interface Supplier {
  name: string;
  terms: number;
}

const supplier = (name: string, terms = 30): Supplier => ({ name, terms });

/** Raw material suppliers by inventory account. */
export const MATERIAL_SUPPLIERS: Record<string, Supplier[]> = {
  '1310': [
    supplier('Puget Sound Steel Service', 30),
    supplier('Ryerson Metals Northwest', 45),
    supplier('Western Bar & Plate'),
  ],
  '1311': [supplier('Alcoa Distribution West', 45), supplier('Cascade Aluminum Supply')],
  '1312': [
    supplier('Parker Seal & Fastener Supply'),
    supplier('Northwest Bearing Co.'),
    supplier('Pacific Fluid Power Components', 45),
    supplier('Evergreen Electronics Assembly'),
  ],
};

export const SUPPLIERS = {
  landlord: supplier('Marine View Industrial Properties LLC', 0),
  power: supplier('Tacoma Public Utilities', 20),
  gas: supplier('Puget Sound Energy', 20),
  telecom: supplier('Lumen Business Services', 30),
  insurer: supplier('Pacific Northwest Mutual Insurance', 30),
  auditor: supplier('Baker Lindqvist CPAs', 30),
  lawyer: supplier('Holloway & Pryce LLP', 30),
  consultant: supplier('Lean Works Consulting', 30),
  erp: supplier('Acumen ERP Cloud', 30),
  cad: supplier('Vectorform CAD Systems', 30),
  crm: supplier('PipelineHQ CRM', 30),
  managedIt: supplier('Tahoma Managed IT', 30),
  payroll: supplier('Gusto Payroll Services', 0),
  janitorial: supplier('Bright Shine Janitorial', 30),
  maintenance: supplier('Precision Machine Repair NW', 30),
  supplies: supplier('Grainger Industrial Supply', 30),
  tools: supplier('Kennametal Tooling Direct', 30),
  quality: supplier('Northwest Metrology Lab', 30),
  heatTreat: supplier('Cascade Heat Treating', 30),
  plating: supplier('Emerald City Plating & Coating', 30),
  freightIn: supplier('Old Dominion Freight Line', 30),
  freightOut: supplier('Pacific Coast Carriers', 30),
  ads: supplier('Google Ads', 0),
  tradeShows: supplier('Fabtech Expo Management', 30),
  website: supplier('Harbor Digital Studio', 30),
  forklifts: supplier('Emerald Lift Rentals', 30),
  fuel: supplier('WEX Fleet Fuel', 15),
  machineVendor: supplier('Haas Factory Outlet Seattle', 45),
  itVendor: supplier('CDW Business', 30),
  recruiter: supplier('Talentbridge Staffing', 30),
  training: supplier('SME Training Institute', 30),
  waste: supplier('Waste Connections NW', 30),
  bank: supplier('First Harbor Bank', 0),
  irs: supplier('Internal Revenue Service', 0),
  state: supplier('Washington State Department of Revenue', 0),
  retirement: supplier('Fidelity 401(k) Trust', 0),
  health: supplier('Premera Blue Cross', 0),
  card: supplier('Harbor Commercial Card Services', 0),
} as const;
