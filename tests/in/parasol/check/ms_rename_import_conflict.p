-- expect: MODULE_STRUCTURE_RENAME_IMPORT_CONFLICT
package t.p;

module M is
  import com.io7m.parasol.Float;
  import com.io7m.parasol.Integer as Float;

end;
