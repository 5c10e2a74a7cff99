//! Reference data: countries, cities, categories and competition types. One generic set of
//! calls serves all four; each entity adds only its reference checks and index upkeep.

use polodesk_domain::reference::{
    Category, CategoryFields, City, CityFields, CompetitionType, CompetitionTypeFields, Country,
    CountryFields,
};
use polodesk_domain::validation::ValidationErrors;
use redb::{ReadableMultimapTable, ReadableTable};

use crate::codec::{self, Record};
use crate::records::{CategoryRecord, CityRecord, CompetitionTypeRecord, CountryRecord};
use crate::references::{Referred, refuse_if_referred};
use crate::tables::{CITIES_BY_COUNTRY, EntityTable};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// A reference entity the store keeps; implemented for the domain types only.
pub trait Entity: sealed::Sealed + Sized + Send + 'static {
    #[doc(hidden)]
    type Record: Record + From<Self::Fields> + Send + 'static;
    /// The checked input that creates or replaces one.
    type Fields: Send + 'static;

    #[doc(hidden)]
    fn from_record(id: u64, record: Self::Record) -> Self;

    /// Lists are ordered by universal name, then local name, ignoring case.
    #[doc(hidden)]
    fn sort_key(&self) -> (String, String);

    /// Checks what the record refers to, keeps index tables in step and carries over what the
    /// fields do not hold, inside the write.
    #[doc(hidden)]
    fn on_write(_tx: &WriteTx<'_>, _write: RecordWrite<'_, Self::Record>) -> Result<()> {
        Ok(())
    }

    /// Refuses a delete that would leave dangling references, and removes index entries.
    #[doc(hidden)]
    fn on_delete(_tx: &WriteTx<'_>, _id: u64, _old: &Self::Record) -> Result<()> {
        Ok(())
    }
}

/// A record being written: its id, what it was (none when it is created) and what it becomes,
/// which `Entity::on_write` may still change.
#[doc(hidden)]
#[derive(Debug)]
pub struct RecordWrite<'a, R> {
    pub id: u64,
    pub old: Option<&'a R>,
    pub new: &'a mut R,
}

/// The members of an `Entity` kept as `Stored<Fields>` under its id (a domain type of shape
/// `{ id, fields }`); with `by_name`, also the order by universal then local name, folded.
macro_rules! stored_fields {
    ($entity:ident, $fields:ty) => {
        type Record = $crate::codec::Stored<$fields>;
        type Fields = $fields;

        fn from_record(id: u64, record: Self::Record) -> Self {
            $entity {
                id,
                fields: record.0,
            }
        }
    };
    ($entity:ident, $fields:ty, by_name) => {
        $crate::reference::stored_fields!($entity, $fields);

        fn sort_key(&self) -> (String, String) {
            use polodesk_domain::validation::fold;
            (fold(&self.fields.name_universal), fold(&self.fields.name))
        }
    };
}
pub(crate) use stored_fields;

/// The members every reference entity shares: its own record shape, read back `with_id`, and
/// the order by universal then local name, lowercased.
macro_rules! reference_record {
    ($record:ty, $fields:ty) => {
        type Record = $record;
        type Fields = $fields;

        fn from_record(id: u64, record: $record) -> Self {
            record.with_id(id)
        }

        fn sort_key(&self) -> (String, String) {
            (self.name_universal.to_lowercase(), self.name.to_lowercase())
        }
    };
}

impl sealed::Sealed for Country {}
impl Entity for Country {
    reference_record!(CountryRecord, CountryFields);

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &CountryRecord) -> Result<()> {
        if tx
            .open_multimap_table(CITIES_BY_COUNTRY)?
            .get(id)?
            .next()
            .is_some()
        {
            return Err(StoreError::Conflict(
                "This country cannot be deleted because it has cities.".into(),
            ));
        }
        refuse_if_referred(tx, Referred::Country(id))
    }
}

impl sealed::Sealed for City {}
impl Entity for City {
    reference_record!(CityRecord, CityFields);

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, CityRecord>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        must_exist(
            tx,
            CountryRecord::TABLE.def(),
            Some(new.country_id),
            "countryId",
            "country",
        )?;
        let mut index = tx.open_multimap_table(CITIES_BY_COUNTRY)?;
        if let Some(old) = old {
            index.remove(old.country_id, id)?;
        }
        index.insert(new.country_id, id)?;
        Ok(())
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, old: &CityRecord) -> Result<()> {
        refuse_if_referred(tx, Referred::City(id))?;
        tx.open_multimap_table(CITIES_BY_COUNTRY)?
            .remove(old.country_id, id)?;
        Ok(())
    }
}

impl sealed::Sealed for Category {}
impl Entity for Category {
    reference_record!(CategoryRecord, CategoryFields);

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        refuse_if_referred(tx, Referred::Category(id))
    }
}

impl sealed::Sealed for CompetitionType {}
impl Entity for CompetitionType {
    reference_record!(CompetitionTypeRecord, CompetitionTypeFields);

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        refuse_if_referred(tx, Referred::CompetitionType(id))
    }
}

/// A refusal of one field of a form.
pub(crate) fn invalid(field: &str, message: &str) -> StoreError {
    StoreError::Invalid(ValidationErrors::single(field, message))
}

/// Refuses a reference, if given, to a record missing from `table`: "The chosen {what} does not
/// exist." at `field`.
pub(crate) fn must_exist(
    tx: &WriteTx<'_>,
    table: EntityTable,
    id: Option<u64>,
    field: &str,
    what: &str,
) -> Result<()> {
    if let Some(id) = id
        && tx.open_table(table)?.get(id)?.is_none()
    {
        return Err(invalid(
            field,
            &format!("The chosen {what} does not exist."),
        ));
    }
    Ok(())
}

/// Checks that a country exists and that the city, if any, lies in it.
pub(crate) fn check_place(tx: &WriteTx<'_>, country_id: u64, city_id: Option<u64>) -> Result<()> {
    must_exist(
        tx,
        CountryRecord::TABLE.def(),
        Some(country_id),
        "countryId",
        "country",
    )?;
    if let Some(city_id) = city_id {
        let cities = tx.open_table(CityRecord::TABLE.def())?;
        let city: City = load(&cities, city_id)
            .map_err(|_| invalid("cityId", "The chosen city does not exist."))?;
        if city.country_id != country_id {
            return Err(invalid(
                "cityId",
                "The chosen city is not in the chosen country.",
            ));
        }
    }
    Ok(())
}

/// Deletes every `E` that `doomed` picks, each with its own cascade (the children of a deleted
/// parent).
pub(crate) fn delete_where<E: Entity>(
    tx: &WriteTx<'_>,
    doomed: impl Fn(&E::Record) -> bool,
) -> Result<()> {
    let all = codec::all::<E::Record>(&tx.open_table(E::Record::TABLE.def())?)?;
    for (id, record) in all.into_iter().filter(|(_, record)| doomed(record)) {
        codec::remove::<E::Record>(tx, id)?;
        E::on_delete(tx, id, &record)?;
    }
    Ok(())
}

/// Reads one `E` from its table inside a transaction.
pub(crate) fn load<E: Entity>(
    table: &impl redb::ReadableTable<u64, &'static [u8]>,
    id: u64,
) -> Result<E> {
    Ok(E::from_record(id, codec::get(table, id)?))
}

pub(crate) fn create_in<E: Entity>(tx: &WriteTx<'_>, fields: E::Fields) -> Result<E> {
    let mut record = E::Record::from(fields);
    let id = codec::next_id::<E::Record>(tx)?;
    let new = &mut record;
    E::on_write(tx, RecordWrite { id, old: None, new })?;
    codec::put(tx, id, &record)?;
    Ok(E::from_record(id, record))
}

/// The writes one `Store::batch` call may make.
pub struct Batch<'a> {
    pub(crate) tx: &'a WriteTx<'a>,
}

impl std::fmt::Debug for Batch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Batch")
    }
}

impl Batch<'_> {
    pub fn create<E: Entity>(&self, fields: E::Fields) -> Result<E> {
        create_in(self.tx, fields)
    }
}

impl Store {
    /// Every `E`, ordered by name.
    pub fn list<E: Entity>(&self) -> Result<Vec<E>> {
        let tx = self.read()?;
        let table = tx.open_table(E::Record::TABLE.def())?;
        let mut items: Vec<E> = codec::all::<E::Record>(&table)?
            .into_iter()
            .map(|(id, record)| E::from_record(id, record))
            .collect();
        items.sort_by_cached_key(E::sort_key);
        Ok(items)
    }

    pub fn get<E: Entity>(&self, id: u64) -> Result<E> {
        let tx = self.read()?;
        let table = tx.open_table(E::Record::TABLE.def())?;
        Ok(E::from_record(id, codec::get(&table, id)?))
    }

    /// Several `E` by id, in the order asked, read in one transaction.
    pub fn get_many<E: Entity>(&self, ids: &[u64]) -> Result<Vec<E>> {
        let tx = self.read()?;
        let table = tx.open_table(E::Record::TABLE.def())?;
        ids.iter()
            .map(|&id| Ok(E::from_record(id, codec::get(&table, id)?)))
            .collect()
    }

    /// Those of several `E` that exist, in the order asked, read in one transaction.
    pub fn get_existing<E: Entity>(&self, ids: &[u64]) -> Result<Vec<E>> {
        let tx = self.read()?;
        let table = tx.open_table(E::Record::TABLE.def())?;
        let found = codec::existing(&table, ids)?;
        Ok(found
            .into_iter()
            .map(|(id, record)| E::from_record(id, record))
            .collect())
    }

    pub async fn create<E: Entity>(&self, fields: E::Fields) -> Result<E> {
        self.write(move |tx| create_in(tx, fields)).await
    }

    /// Runs several creates as one transaction: all of them land or none does.
    pub async fn batch<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Batch<'_>) -> Result<T> + Send + 'static,
    {
        self.write(move |tx| op(&Batch { tx })).await
    }

    pub async fn update<E: Entity>(&self, id: u64, fields: E::Fields) -> Result<E> {
        self.write(move |tx| {
            let old: E::Record = codec::get(&tx.open_table(E::Record::TABLE.def())?, id)?;
            let mut record = E::Record::from(fields);
            let (old, new) = (Some(&old), &mut record);
            E::on_write(tx, RecordWrite { id, old, new })?;
            codec::put(tx, id, &record)?;
            Ok(E::from_record(id, record))
        })
        .await
    }

    pub async fn delete<E: Entity>(&self, id: u64) -> Result<()> {
        self.write(move |tx| {
            let old: E::Record = codec::remove(tx, id)?;
            E::on_delete(tx, id, &old)
        })
        .await
    }

    /// The cities of one country, ordered by name.
    pub fn cities_of(&self, country_id: u64) -> Result<Vec<City>> {
        let tx = self.read()?;
        let countries = tx.open_table(CountryRecord::TABLE.def())?;
        codec::get::<CountryRecord>(&countries, country_id)?;
        let cities = tx.open_table(CityRecord::TABLE.def())?;
        let mut items = Vec::new();
        for id in tx.open_multimap_table(CITIES_BY_COUNTRY)?.get(country_id)? {
            let id = id?.value();
            items.push(City::from_record(id, codec::get(&cities, id)?));
        }
        items.sort_by_cached_key(City::sort_key);
        Ok(items)
    }
}
