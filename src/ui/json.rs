//! serde in the browser, small: the browser's `JSON.parse` reads the text,
//! and this minimal serde `Deserializer` walks the JavaScript value it
//! gives (strings, true/false, null, arrays, objects) into the content
//! file's types. Every key of an object is visited, so the types'
//! `deny_unknown_fields` refuses a misspelt field, as natively. Each value
//! knows its path in the file (`quiz[1].options[2].correct`), and an error
//! starts with the path of the value it is about, which
//! [`crate::vm::content::read`] then finds in the text for its line and
//! column.

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, IntoDeserializer, Visitor};
use wasm_bindgen::{JsCast, JsValue};

/// Why a value could not be read: what, the field it names if it names
/// one, and where (the path, once the value it is about has been left).
#[derive(Debug)]
pub struct Error {
    what: String,
    field: Option<String>,
    at: Option<String>,
}

impl Error {
    fn new(what: String) -> Error {
        Error {
            what,
            field: None,
            at: None,
        }
    }

    /// The error placed at `path`, unless a value inside placed it first.
    fn within(mut self, path: &str) -> Error {
        if self.at.is_none() {
            let mut at = path.to_string();
            if let Some(f) = self.field.take() {
                crate::vm::content::push_key(&mut at, &f);
            }
            self.at = Some(at);
        }
        self
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.at {
            Some(at) if !at.is_empty() => write!(f, "{at}: {}", self.what),
            _ => f.write_str(&self.what),
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::new(msg.to_string())
    }

    // The field is where the error is: its path, one step in.
    fn unknown_field(field: &str, _: &'static [&'static str]) -> Self {
        Error {
            field: Some(field.to_string()),
            ..Error::new("a field the widget does not have".into())
        }
    }

    fn missing_field(field: &'static str) -> Self {
        Error::new(format!("the field “{field}” is missing"))
    }

    // Said without showing the value read (which for a number would pull
    // float formatting into the wasm).
    fn invalid_type(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        Error::new(format!(
            "a value of the wrong kind where {exp} was expected"
        ))
    }

    fn invalid_value(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        Error::new(format!("a wrong value where {exp} was expected"))
    }
}

/// One JavaScript value, read by serde, and its path in the file.
pub struct Node(pub JsValue, pub String);

impl<'de> IntoDeserializer<'de, Error> for Node {
    type Deserializer = Node;
    fn into_deserializer(self) -> Node {
        self
    }
}

impl<'de> de::Deserializer<'de> for Node {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let path = self.1.clone();
        self.any(v).map_err(|e| e.within(&path))
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.0.is_null() || self.0.is_undefined() {
            v.visit_none()
        } else {
            let path = self.1.clone();
            v.visit_some(self).map_err(|e| e.within(&path))
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl Node {
    /// The value given to the visitor; its items and fields know their paths.
    fn any<'de, V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let (x, path) = (self.0, self.1);
        if let Some(s) = x.as_string() {
            return v.visit_string(s);
        }
        if let Some(b) = x.as_bool() {
            return v.visit_bool(b);
        }
        if x.is_null() || x.is_undefined() {
            return v.visit_unit();
        }
        if js_sys::Array::is_array(&x) {
            let items: js_sys::Array = x.unchecked_into();
            let item = |(i, x)| Node(x, format!("{path}[{i}]"));
            return v.visit_seq(SeqDeserializer::new(items.iter().enumerate().map(item)));
        }
        if x.is_object() {
            let entries = js_sys::Object::entries(x.unchecked_ref());
            return v.visit_map(MapDeserializer::new(entries.iter().map(|e| {
                let pair: js_sys::Array = e.unchecked_into();
                let key = pair.get(0).as_string().unwrap_or_default();
                let mut at = path.clone();
                crate::vm::content::push_key(&mut at, &key);
                (key, Node(pair.get(1), at))
            })));
        }
        Err(Error::new(
            "a number where text, true or false was expected".into(),
        ))
    }
}

/// Reads `text` as JSON (the browser's parser) into `T` (serde).
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|e| {
        js_sys::Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| "it is not valid JSON".into())
    })?;
    T::deserialize(Node(value, String::new())).map_err(|e| e.to_string())
}
