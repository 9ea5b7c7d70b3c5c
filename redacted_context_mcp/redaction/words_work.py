"""Words of the workplace that strict mode keeps readable (data only), round 11 (r8-personal).

HR, payroll, CRM and expense exports capitalise their job titles, departments, pay items, expense types
and product lines (``Cheffe de projet``, ``Teamleider inkoop``, ``Analista de Compras``, ``Technicien``,
``Airfare``, ``Summe``): strict mode read each as an unknown capitalised word, a name. These are ordinary
words of English, German, French, Spanish, Italian, Dutch, Polish and Portuguese; the words that are also
common given names or surnames (``Koch``, ``Bauer``, ``Richter``, ``Schneider``, ``Baker``, ``Mason``,
``Sastre``, ``Ferrero``, ``Marshall``) are left out, and ``wordlists`` subtracts its name list too, so a
name cue still catches a person whatever the word.

Also the product tokens of HTTP user agents (``Mozilla/5.0``, ``AppleWebKit``, ``Gecko``, ``Macintosh``),
time-zone abbreviations and the legal-form and contract abbreviations of payroll (``CDI``, ``CCNL``).

Imports: none.
"""

from __future__ import annotations

WORK_WORDS: frozenset[str] = frozenset("""
macbook thinkpad chromebook carbon orchestra robotics academia fintech lehrstuhlinhaber lehrstuhl
pro latitude inspiron elitebook probook thinkcentre chromebox ipad iphone pixel
datos dados actualización actualizacion atualização atualizacao facturación facturacion faturação faturacao
solicitud pedido encomenda cambio alteração alteracao
ab totp hotp karte bankkarte kreditkarte montag dienstag mittwoch donnerstag freitag samstag sonntag januar februar
märz juni juli oktober dezember lundi mardi mercredi jeudi vendredi samedi dimanche janvier février avril juillet
septembre octobre novembre décembre lunes martes miércoles jueves viernes sábado domingo enero febrero marzo
abril junio julio septiembre octubre noviembre diciembre
architect architects analyst analysts engineer engineers developer developers designer designers consultant
consultants accountant accountants auditor auditors assistant assistants coordinator coordinators specialist
specialists technician technicians officer officers director directors manager managers supervisor supervisors
administrator clerk receptionist cashier driver drivers warehouse operator operators controller controllers
scrum master solutions procurement purchasing purchaser buyer buyers sales marketing finance accounting payroll
logistics operations recruiter recruiting intern interns trainee trainees apprentice apprentices nurse nurses
physician pharmacist paralegal lawyer lawyers counsel secretary treasurer executive executives principal
associate associates partner partners lead senior junior head chief deputy vice staff representative agent
advisor adviser advisors strategist planner planners dispatcher inspector surveyor estimator salesperson
geschäftsführer geschäftsführerin abteilungsleiter abteilungsleiterin teamleiter teamleiterin sachbearbeiter
sachbearbeiterin buchhalter buchhalterin buchhaltung einkauf einkäufer einkäuferin vertrieb verkauf
personalabteilung personal lager lagerist lageristin disponent disponentin techniker technikerin ingenieur
ingenieurin entwickler entwicklerin berater beraterin fahrer fahrerin kraftfahrer mechaniker mechanikerin
mechatroniker elektriker elektrikerin monteur monteurin sekretärin assistenz assistentin
auszubildender auszubildende praktikant praktikantin werkstudent werkstudentin projektleiter projektleiterin
leiterin referent referentin kauffrau kaufleute buchhaltung controlling summe gesamt
zwischensumme brutto netto lohn gehalt lohnjournal lohnabrechnung gehaltsabrechnung mandant berater
steuerklasse krankenkasse konfession zuschlag zuschläge urlaubsgeld weihnachtsgeld überstunden abzüge
auszahlung erstellt seite
directeur directrice responsable chef cheffe chargé chargée technicien technicienne ingénieur ingénieure
comptable comptabilité commercial commerciale commerciaux vendeur vendeuse acheteur acheteuse achats
assistante secrétaire stagiaire alternant alternante apprenti apprentie magasinier magasinière chauffeur
livreur livreuse consultante gestionnaire conseiller conseillère opérateur opératrice employé employée
cadre cadres ouvrier ouvrière agent agente projet projets paie salaire salaires brut net cotisations
mutuelle prévoyance congés contrat contrats cdi cdd intérim embauche entrée sortie matricule civilité
nationalité emploi
director directora gerente jefe jefa responsable técnico técnica ingeniero ingeniera contable contabilidad
administrativo administrativa oficial auxiliar comercial vendedor vendedora comprador compradora compras
ventas almacén almacenero conductor conductora repartidor becario becaria aprendiz asesor asesora
consultor consultora analista programador programadora operario operaria encargado encargada peón
cambio dirección envío pedido pedidos devolución reembolso factura facturas nómina nóminas devengos
deducciones salario base complemento antigüedad plus transporte líquido total percibir categoría
periodo liquidación afiliación cotización
direttore direttrice responsabile impiegato impiegata tecnico tecnica ingegnere contabile contabilità
commerciale venditore venditrice acquisti magazziniere autista operaio operaia quadro quadri dirigente
dirigenti livello apprendista stagista consulente analista programmatore segretaria commercio ccnl
cedolino retribuzione lordo netto paghe anagrafica dipendente dipendenti assunzione mansione
directeur teamleider medewerker medewerkers magazijnmedewerker inkoop inkoper verkoop verkoper boekhouder
boekhouding administratie monteur chauffeur stagiair adviseur projectleider manager beheerder
loonstrook salaris bruto netto vakantiegeld kostenplaats functie afdeling
kierownik kierowniczka dyrektor dyrektorka specjalista specjalistka księgowa księgowy księgowość
handlowiec magazynier kierowca technik inżynier analityk asystent asystentka sekretarka stażysta
praktykant doradca konsultant sprzedawca zakupy sprzedaż razem suma brutto netto wynagrodzenie wypłaty
wypłata lista płac sporządził zatwierdził
diretor diretora gerente analista assistente auxiliar técnico técnica engenheiro engenheira
motorista vendedor vendedora comprador compradora compras vendas estagiário estagiária
consultor consultora operador operadora supervisor supervisora coordenador coordenadora almoxarife
valores salário salários folha pagamento competência cargo admissão
airfare airline airlines hotel hotels taxi taxis lodging mileage meals meal parking tolls fuel rental
per diem conference registration subscription subscriptions supplies shipping postage entertainment
reimbursement intel mozilla gecko applewebkit khtml macintosh iphone ipad ipod webkit okhttp trident presto
cst cdt mst mdt pdt pst akst hst wet west eet eest msk sast wat eat aest aedt acst awst nzst nzdt ict wib hkt
sgt kst ist brt art clt cot pet
wool blanket blankets ceramic mug mugs cushion cushions lamp lamps linen stoneware towel towels dinnerware
cutlery porcelain cotton leather
visa mastercard amex maestro discover jcb unionpay diners paypal sepa giropay ideal bancontact sofort
vegetarian vegan halal kosher gluten lactose pescatarian allergies allergy
treasury financiero financiera estudiante estudiantes student students tesorería tesoreria trésorerie
bump bumps
""".split())
