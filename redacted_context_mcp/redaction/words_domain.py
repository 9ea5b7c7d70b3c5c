"""Words of admissions, tenancy, billing, shipping, telecom and payroll files that strict mode keeps readable
(data only, personal round 12).

University admissions exports, Swiss tenancy contracts, US medical-billing worklists, customs manifests,
Brazilian telecom bills, immigration case files and payroll slips of NL/IT/PL/PT/SE capitalise their field
labels, statuses and line items (``Mechanical Engineering``, ``Offer - Unconditional``, ``Nettomietzins``,
``Guarantor``, ``CPT``, ``POS``, ``DDP``, ``Plano``, ``Vencimento``, ``Lagerchef``, ``Categoria``,
``Ethereum mainnet``): strict mode read each as an unknown capitalised word, a name. None is a given name or
a surname (``wordlists`` subtracts its name list all the same), and a name cue still catches a person
whatever the word.

Imports: none.
"""

from __future__ import annotations

DOMAIN_WORDS: frozenset[str] = frozenset("""
admissions admission unconditional conditional waitlisted mechanical economics candidature biometrics intake
dossier
wohnung wohnräume mietvertrag vermieterin vermieter mieter mieterin mieterschaft mietbeginn nettomietzins
mietzins akonto mietkaution kellerabteil referenzzinssatz landesindex punkte punkt objekt vertrag postfach
notfallkontakt kontakt bisherige adresse
guarantor clearinghouse worklist cpt pos npi eft denied dependants dependents referring
imm gcms rprf ime uci cra
laptops ovens declarant vessel incoterm incoterms cif dap ddp fob exw eori etd consignee shipper
fatura mensal série unica única plano controle linha consumo detalhado resumo valor pacote roaming período
vencimento protocolo empresa dependente ligação cliente cobrança serviços servicos telecomunicações
cnpj nif cpr pit irs irpef nota fiscal
lagerchef befattning anställd bruttolön preliminärskatt semesterdagar categoria suporte colaborador qualifica
matricola ferie cellulare stanowisko pracownik zaliczka werknemer loonheffing uren personeelsnr
ethereum usdc btc mainnet payout desktop reproduced statute zwrot consegna mój moja moje dzień olá buongiorno
bien je norte vivo nr ba bsc msc
""".split())
